import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });

export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** `server: 'stopping'` once a stop has begun: a load balancer sends new requests elsewhere. */
  checks: z.object({ database: z.enum(['ok', 'failing']), server: z.enum(['running', 'stopping']) }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

export const buildVersionSchema = z.object({ buildId: z.string().min(1), builtAt: z.string() });
export type BuildVersion = z.infer<typeof buildVersionSchema>;
