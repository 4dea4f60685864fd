import fp from 'fastify-plugin';
import { createAdminUsersRepository } from './admin-users.repository.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { createAdminUsersService } from './admin-users.service.ts';

/** User management for admins: list, promote/demote, disable/enable, delete. */
export const adminUsersModule = fp(
  async (app) => {
    const adminUsers = createAdminUsersService({
      access: app.access,
      repository: createAdminUsersRepository(app.db),
      sessions: app.sessions,
      audit: app.audit,
      storage: app.storage,
      log: app.log.child({ component: 'admin-users' }),
    });
    await app.register(adminUsersRoutes, { prefix: '/api', adminUsers });
  },
  { name: 'admin-users', dependencies: ['db', 'auth', 'audit', 'storage'] },
);
