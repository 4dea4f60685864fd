import fp from 'fastify-plugin';
import { createAuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService, type AuditService } from './audit.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit trail: other modules record their actions here. */
    audit: AuditService;
  }
}

/** The audit log: recorded by every module that changes accounts or admin data, read by admins. */
export const auditModule = fp(
  async (app) => {
    const audit = createAuditService({ access: app.access, repository: createAuditRepository(app.db) });
    app.decorate('audit', audit);
    await app.register(auditRoutes, { prefix: '/api', audit });
  },
  { name: 'audit', dependencies: ['db', 'auth'] },
);
