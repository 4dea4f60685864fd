import fp from 'fastify-plugin';
import { systemActor } from '../access/actor.ts';
import { accountRoutes } from './account.routes.ts';
import { createAccountService } from './account.service.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService, passwordResetRequestJob } from './auth.service.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { createOneTimeCodes } from './one-time-codes.ts';

/**
 * Accounts: sign-up, e-mail verification, sign-in and -out, password reset (`/api/auth/*`) and the
 * signed-in user's own account (`/api/account/*`), over one store of users and one-time codes.
 * Creates or promotes ADMIN_EMAIL on start.
 */
export const accountsModule = fp(
  async (app) => {
    const now = () => new Date();
    const repository = createAccountsRepository(app.db);
    const codes = createOneTimeCodes(repository, now);
    const auth = createAuthService({
      access: app.access,
      repository,
      sessions: app.sessions,
      mail: app.mail,
      audit: app.audit,
      codes,
      throttle: createLoginThrottle(repository, { now }),
      publicUrl: app.config.publicUrl,
      log: app.log,
      jobs: app.jobs,
    });
    app.jobs.register(passwordResetRequestJob, (payload) => auth.sendPasswordReset(payload));
    const account = createAccountService({
      access: app.access,
      repository,
      auth,
      sessions: app.sessions,
      mail: app.mail,
      audit: app.audit,
    });

    await auth.ensureAdmin(systemActor, app.config.admin);

    await app.register(authRoutes, { prefix: '/api', auth });
    await app.register(accountRoutes, { prefix: '/api', account });
  },
  { name: 'accounts', dependencies: ['db', 'auth', 'jobs', 'mail', 'audit'] },
);
