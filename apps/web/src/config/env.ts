import { z } from 'zod';

/** The only place the web app reads `import.meta.env`. */
const envSchema = z.object({
  BUILD_ID: z.string().min(1),
  DEV: z.boolean(),
});

export const env = envSchema.parse({
  BUILD_ID: import.meta.env.VITE_BUILD_ID ?? 'development',
  DEV: import.meta.env.DEV,
});
