import { auditListSchema } from '@compliance/shared/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditService } from './audit.service.ts';

/** The audit log for admins: `/api/admin/audit-log`. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first',
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: auditListSchema },
      },
    },
    async (request) => audit.list(request.actor, request.query),
  );
};
