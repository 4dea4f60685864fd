import { env as appEnv } from '@/config/env.ts';

export type LegalEntity = {
  name?: string;
  addressLines: string[];
  email?: string;
};

function clean(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The operator's details from the build-time environment (VITE_LEGAL_* — see config/vite-env.d.ts). */
export function readLegalEntity(env: Record<string, unknown> = appEnv): LegalEntity {
  const address = clean(env.LEGAL_ENTITY_ADDRESS);
  return {
    name: clean(env.LEGAL_ENTITY_NAME),
    addressLines: address
      ? address
          .split('|')
          .map((line) => line.trim())
          .filter(Boolean)
      : [],
    email: clean(env.LEGAL_CONTACT_EMAIL),
  };
}

export function hasLegalEntity(entity: LegalEntity): boolean {
  return Boolean(entity.name || entity.email);
}
