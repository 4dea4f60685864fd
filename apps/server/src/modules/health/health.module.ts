import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes.ts';
import { createHealthService } from './health.service.ts';

/** Liveness and readiness probes (`/api/health`, `/api/ready`). */
export const healthModule = fp(
  async (app) => {
    const health = createHealthService({
      access: app.access,
      database: app.database,
      lifecycle: app.lifecycle,
      log: app.log,
    });
    await app.register(healthRoutes, { prefix: '/api', health });
  },
  { name: 'health', dependencies: ['db', 'auth', 'lifecycle'] },
);
