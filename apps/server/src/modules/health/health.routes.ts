import { healthResponseSchema, readyResponseSchema } from '@compliance/shared/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { createHealthService } from './health.service.ts';

/** Liveness and readiness probes for load balancers, orchestrators and `npm start` scripts. */
export const healthRoutes: FastifyPluginAsyncZod<{ health: ReturnType<typeof createHealthService> }> = async (
  app,
  { health },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up',
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the server can serve requests (its database answers)',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (request, reply) => {
      const readiness = await health.checkReadiness(request.actor);
      return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
};
