import {
  adminUpdateUserInputSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  auditListSchema,
  userIdParamsSchema,
} from '@compliance/shared/account';
import { okResponseSchema } from '@compliance/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../auth/auth.routes.ts';

/** User management for admins: `/api/admin/users` (the admin guard is added to /api/admin/* automatically). */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminUsers, audit } = app.accounts;
  const tags = ['admin'];

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Users, newest first, with search and paging',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema },
      },
    },
    async (request) => adminUsers.list(request.auth, request.query),
  );

  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Promote/demote, disable/enable a user',
        params: userIdParamsSchema,
        body: adminUpdateUserInputSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => adminUsers.update(request.auth, request.params.id, request.body, clientInfo(request)),
  );

  app.delete(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user and their data',
        params: userIdParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await adminUsers.remove(request.auth, request.params.id, clientInfo(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first',
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: auditListSchema },
      },
    },
    async (request) => audit.list(request.auth, request.query),
  );
};
