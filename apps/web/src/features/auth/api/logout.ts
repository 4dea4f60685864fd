import { api } from '@/lib/api-client.ts';

/** Revokes the current session on the server (best effort: the browser forgets the token either way). */
export async function logout(): Promise<void> {
  await api.post('/auth/logout', undefined, { skipAuthRedirect: true });
}
