import { adminOverviewSchema } from '@compliance/shared/admin';
import { errorBodySchema } from '@compliance/shared/errors';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAdminOverviewRepository } from './admin-overview.repository.ts';
import { createAdminOverviewService, type AdminOverviewService } from './admin-overview.service.ts';

const adminOverviewRoutes: FastifyPluginAsyncZod<{ service: AdminOverviewService }> = async (app, { service }) => {
  app.get(
    '/admin/overview',
    {
      schema: {
        tags: ['admin'],
        summary: 'The admin overview: users, documents, questions, FATF data, jobs, courses, recent audit entries',
        response: { 200: adminOverviewSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => service.overview(request.actor),
  );
};

/** The admin area's first screen (issue 18): figures from every module, each linking to its screen. */
export const adminOverviewModule = fp(
  async (app) => {
    const service = createAdminOverviewService({
      access: app.access,
      repository: createAdminOverviewRepository(app.db),
      audit: app.audit,
    });
    await app.register(adminOverviewRoutes, { prefix: '/api', service });
  },
  { name: 'admin-overview', dependencies: ['db', 'auth', 'audit', 'courses'] },
);
