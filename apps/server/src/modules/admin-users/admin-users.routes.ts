import {
  adminUpdateUserInputSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  userIdParamsSchema,
} from '@compliance/shared/account';
import { okResponseSchema } from '@compliance/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminUsersService } from './admin-users.service.ts';

/** User management for admins: `/api/admin/users` (the admin guard is added to /api/admin/* automatically). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ adminUsers: AdminUsersService }> = async (
  app,
  { adminUsers },
) => {
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
    async (request) => adminUsers.list(request.actor, request.query),
  );

  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Promote/demote, disable/enable a user (one’s own account only with confirmSelf)',
        params: userIdParamsSchema,
        body: adminUpdateUserInputSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => adminUsers.update(request.actor, { ...request.body, id: request.params.id }),
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
      await adminUsers.remove(request.actor, request.params);
      return { ok: true as const };
    },
  );
};
