import { auditListSchema } from '@compliance/shared/account';
import { auditFilterSchema, auditListQuerySchema } from '@compliance/shared/admin';
import { errorBodySchema } from '@compliance/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service.ts';

/** The audit log for admins: `/api/admin/audit-log`, filtered, and as CSV. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first, filtered by actor, action, target and days',
        querystring: auditListQuerySchema,
        response: { 200: auditListSchema, 400: errorBodySchema },
      },
    },
    async (request) => audit.list(request.actor, request.query),
  );

  app.get(
    '/admin/audit-log.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The filtered audit log as CSV',
        querystring: auditFilterSchema,
      },
    },
    async (request, reply) => {
      const csv = await audit.exportCsv(request.actor, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(`\ufeff${csv}`);
    },
  );
};
