// Checked by hand, not with zod: this module is part of every first page, and even zod/mini pulls
// in the schema core that the other screens share (issue 13: the first load's JavaScript).

/** The only place the web app reads `import.meta.env`. */
export type Env = {
  BUILD_ID: string;
  DEV: boolean;
  LEGAL_ENTITY_NAME?: string;
  LEGAL_ENTITY_ADDRESS?: string;
  LEGAL_CONTACT_EMAIL?: string;
};

function requiredString(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw new Error(`env: ${name} must be a non-empty string`);
  return value;
}

function optionalString(name: string, value: unknown): string | undefined {
  if (value !== undefined && typeof value !== 'string') throw new Error(`env: ${name} must be a string`);
  return value;
}

function parseEnv(raw: Record<keyof Env, unknown>): Env {
  if (typeof raw.DEV !== 'boolean') throw new Error('env: DEV must be a boolean');
  const env: Env = { BUILD_ID: requiredString('BUILD_ID', raw.BUILD_ID), DEV: raw.DEV };
  for (const name of ['LEGAL_ENTITY_NAME', 'LEGAL_ENTITY_ADDRESS', 'LEGAL_CONTACT_EMAIL'] as const) {
    const value = optionalString(name, raw[name]);
    if (value !== undefined) env[name] = value;
  }
  return env;
}

export const env = parseEnv({
  BUILD_ID: import.meta.env.VITE_BUILD_ID ?? 'development',
  DEV: import.meta.env.DEV,
  LEGAL_ENTITY_NAME: import.meta.env.VITE_LEGAL_ENTITY_NAME,
  LEGAL_ENTITY_ADDRESS: import.meta.env.VITE_LEGAL_ENTITY_ADDRESS,
  LEGAL_CONTACT_EMAIL: import.meta.env.VITE_LEGAL_CONTACT_EMAIL,
});
