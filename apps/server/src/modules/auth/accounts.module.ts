import type { FastifyInstance } from 'fastify';
import { createAccountService, type AccountService } from '../account/account.service.ts';
import { accountRoutes } from '../account/account.routes.ts';
import { createAdminUsersRepository } from '../admin-users/admin-users.repository.ts';
import { adminUsersRoutes } from '../admin-users/admin-users.routes.ts';
import { createAdminUsersService, type AdminUsersService } from '../admin-users/admin-users.service.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createAuditService, type AuditService } from '../audit/audit.service.ts';
import { createMailRepository, type MailRepository } from '../mail/mail.repository.ts';
import { createMailService, sendMailJob, type MailService } from '../mail/mail.service.ts';
import { createMailer } from '../mail/mailer.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService, type AuthService } from './auth.service.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { createOneTimeCodes } from './one-time-codes.ts';

export interface AccountsServices {
  auth: AuthService;
  account: AccountService;
  adminUsers: AdminUsersService;
  audit: AuditService;
  mail: MailService;
  /** Read access to the outbox (tests, operator tooling). */
  outbox: MailRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts, mail and audit services (other modules may send mail with `app.accounts.mail.queue`). */
    accounts: AccountsServices;
  }
}

/**
 * Accounts: wires the mailer chosen from the config, the mail job, the audit log, the auth / account /
 * admin-users services and their routes, and creates or promotes ADMIN_EMAIL. Call after registerAuth.
 */
export async function registerAccounts(app: FastifyInstance): Promise<void> {
  const now = () => new Date();
  const repository = createAccountsRepository(app.db);
  const mailer = createMailer(app.config.mail, app.log.child({ component: 'mail' }));
  app.addHook('onClose', async () => mailer.close());
  const outbox = createMailRepository(app.db);
  const mail = createMailService({ mailer, repository: outbox, jobs: app.jobs });
  app.jobs.register(sendMailJob, async ({ outboxId }, context) =>
    mail.deliver(outboxId, { lastAttempt: context.attempt >= context.maxAttempts }),
  );
  const audit = createAuditService(createAuditRepository(app.db));
  const codes = createOneTimeCodes(repository, now);
  const throttle = createLoginThrottle(repository, { now });
  const auth = createAuthService({
    repository,
    sessions: app.sessions,
    mail,
    audit,
    codes,
    throttle,
    publicUrl: app.config.publicUrl,
    log: app.log,
  });
  const account = createAccountService({ repository, auth, sessions: app.sessions, mail, audit });
  const adminUsers = createAdminUsersService({
    repository: createAdminUsersRepository(app.db),
    sessions: app.sessions,
    audit,
  });
  app.decorate('accounts', { auth, account, adminUsers, audit, mail, outbox });

  await auth.ensureAdmin(app.config.admin);

  await app.register(authRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(adminUsersRoutes, { prefix: '/api' });
}
