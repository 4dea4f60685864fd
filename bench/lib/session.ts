// A signed-in session on a bench server: the admin that ADMIN_EMAIL / ADMIN_PASSWORD create at start.
export const benchAdmin = { email: 'bench-admin@example.test', password: 'Bench-Admin-2026!' };
export const benchAdminEnv = { ADMIN_EMAIL: benchAdmin.email, ADMIN_PASSWORD: benchAdmin.password };

export async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(benchAdmin),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return token;
}
