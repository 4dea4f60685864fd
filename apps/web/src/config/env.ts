// zod/mini: the same schemas as zod, tree-shakeable, so the first page does not carry all of zod.
import * as z from 'zod/mini';

/** The only place the web app reads `import.meta.env`. */
const envSchema = z.object({
  BUILD_ID: z.string().check(z.minLength(1)),
  DEV: z.boolean(),
  LEGAL_ENTITY_NAME: z.optional(z.string()),
  LEGAL_ENTITY_ADDRESS: z.optional(z.string()),
  LEGAL_CONTACT_EMAIL: z.optional(z.string()),
});

export const env = envSchema.parse({
  BUILD_ID: import.meta.env.VITE_BUILD_ID ?? 'development',
  DEV: import.meta.env.DEV,
  LEGAL_ENTITY_NAME: import.meta.env.VITE_LEGAL_ENTITY_NAME,
  LEGAL_ENTITY_ADDRESS: import.meta.env.VITE_LEGAL_ENTITY_ADDRESS,
  LEGAL_CONTACT_EMAIL: import.meta.env.VITE_LEGAL_CONTACT_EMAIL,
});
