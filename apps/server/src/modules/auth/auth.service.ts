import type {
  AuthResponse,
  ForgotPasswordInput,
  LoginInput,
  ResetPasswordInput,
  SessionUser,
  SignupInput,
} from '@compliance/shared/auth';
import { locales, type Locale } from '@compliance/shared/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { hasAdminRole, type Access } from '../access/access.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { z } from 'zod';
import { defineJob } from '../jobs/job-definition.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { OneTimeCodes } from './one-time-codes.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import type { SessionService } from './session.service.ts';

/** What a reset by code answers, whatever went wrong with the code: one refusal, so no account shows. */
const codeRefusals = new Set(['VERIFICATION_CODE_INVALID', 'VERIFICATION_CODE_EXPIRED', 'VERIFICATION_CODE_LOCKED']);

/** The browser a new session is started from (shown in the account's session list). */
export interface ClientInfo {
  userAgent: string;
}

type Signup = Omit<SignupInput, 'email'> & { email: string };

export function toLocale(value: string | undefined): Locale {
  return (locales as readonly string[]).includes(value ?? '') ? (value as Locale) : 'en';
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
    role: user.role,
    language: toLocale(user.language),
    emailVerified: user.emailVerifiedAt !== null,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A password-reset request, worked off the request path: every address — known or not — costs the
 * request the same single job insert, so neither timing nor answer tells whether an account exists.
 */
export const passwordResetRequestJob = defineJob(
  'auth.password_reset_request',
  z.object({ email: z.string().max(320), ipAddress: z.string().max(100).nullable() }),
  { maxAttempts: 5 },
);

/** Sign-up, e-mail verification, sign-in and -out, password reset, and the first admin. */
export function createAuthService({
  access,
  repository,
  sessions,
  mail,
  audit,
  codes,
  throttle,
  publicUrl,
  log,
  jobs,
}: {
  access: Access;
  repository: AccountsRepository;
  sessions: SessionService;
  mail: MailService;
  audit: AuditService;
  codes: OneTimeCodes;
  throttle: LoginThrottle;
  publicUrl: string;
  log: FastifyBaseLogger;
  jobs: JobQueue;
}) {
  async function startSession(user: UserRow, actor: Actor, client: ClientInfo): Promise<AuthResponse> {
    const settings = await repository.findSettings(user.id);
    const lifetimeMs = (settings?.sessionLifetimeDays ?? 30) * DAY_MS;
    const { token } = await sessions.create(
      user.id,
      { userAgent: client.userAgent, ipAddress: actor.ip },
      { lifetimeMs },
    );
    return { token, user: toSessionUser(user) };
  }

  async function sendVerificationCode(user: UserRow): Promise<void> {
    await repository.transaction(async (tx) => {
      const { code } = await codes.issue(user, 'email_verification', { tx });
      await mail.queue(
        { userId: user.id, email: user.email, language: user.language },
        { name: 'verify_email', vars: { firstName: user.firstName, code } },
        tx,
      );
    });
  }

  async function currentUser(caller: UserActor): Promise<UserRow> {
    const user = await repository.findUserById(caller.user.id);
    if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Sign in to continue');
    return user;
  }

  return {
    async signup(actor: Actor, input: Signup & ClientInfo): Promise<AuthResponse> {
      await access.require(actor, 'account.create');
      const passwordHash = await hashPassword(input.password);
      const user = await repository.insertUser({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        companyName: input.companyName,
        passwordHash,
        language: toLocale(input.language),
      });
      if (!user) {
        throw new AppError('EMAIL_TAKEN', 409, 'The email has already been taken.', {
          fields: { email: 'errors:EMAIL_TAKEN' },
        });
      }
      await sendVerificationCode(user);
      await audit.record('auth.signup', { actor: user, target: user, ipAddress: actor.ip });
      return startSession(user, actor, input);
    },

    /** One answer for an unknown address and a wrong password; blocked keys get 429. */
    async login(actor: Actor, input: LoginInput & { email: string } & ClientInfo): Promise<AuthResponse> {
      await access.require(actor, 'session.create');
      await throttle.assertAllowed(input.email, actor.ip);
      const user = await repository.findUserByEmail(input.email);
      const valid = await verifyPassword(input.password, user?.passwordHash ?? null);
      if (!user || !valid) {
        await audit.record('auth.sign_in_failed', {
          target: user ?? null,
          ipAddress: actor.ip,
          metadata: { email: input.email },
        });
        try {
          await throttle.recordFailure(input.email, actor.ip);
        } catch (error) {
          await audit.record('auth.sign_in_blocked', {
            target: user ?? null,
            ipAddress: actor.ip,
            metadata: { email: input.email },
          });
          throw error;
        }
        throw new AppError('INVALID_CREDENTIALS', 401, 'The e-mail address or password is incorrect');
      }
      if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED', 403, 'This account is disabled');
      await throttle.recordSuccess(input.email);
      if (needsRehash(user.passwordHash)) {
        await repository.updateUser(user.id, { passwordHash: await hashPassword(input.password) });
      }
      await audit.record('auth.sign_in', { actor: user, target: user, ipAddress: actor.ip });
      return startSession(user, actor, input);
    },

    async logout(actor: Actor): Promise<void> {
      const caller = await access.require(actor, 'session.manage');
      await sessions.revoke(caller.sessionId, caller.user.id);
      await audit.record('auth.sign_out', { actor: caller.user, target: caller.user, ipAddress: caller.ip });
    },

    async session(actor: Actor): Promise<SessionUser> {
      const caller = await access.require(actor, 'session.manage');
      return toSessionUser(await currentUser(caller));
    },

    async verifyEmail(actor: Actor, { code }: { code: string }): Promise<SessionUser> {
      const caller = await access.require(actor, 'session.manage');
      if (caller.user.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED', 409, 'Already verified');
      await codes.consume(caller.user.id, 'email_verification', code);
      const user = await repository.updateUser(caller.user.id, { emailVerifiedAt: new Date() });
      if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Sign in to continue');
      await audit.record('auth.email_verified', { actor: user, target: user, ipAddress: caller.ip });
      // Realtime sockets and other holders of this session see the verified address from now on.
      sessions.notifyUserChanged(user.id);
      return toSessionUser(user);
    },

    async resendVerification(actor: Actor): Promise<{ retryAfterSeconds: number }> {
      const caller = await access.require(actor, 'session.manage');
      if (caller.user.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED', 409, 'Already verified');
      const wait = await codes.cooldownSeconds(caller.user.id, 'email_verification');
      if (wait > 0) {
        throw new AppError('RESEND_TOO_SOON', 429, `Wait ${wait} s before asking for another code`, {
          fields: { retryAfterSeconds: String(wait) },
        });
      }
      await sendVerificationCode(await currentUser(caller));
      return { retryAfterSeconds: 60 };
    },

    /** Always answers the same way and does the same work, whether or not the address has an account. */
    async forgotPassword(actor: Actor, input: ForgotPasswordInput & { email: string }): Promise<void> {
      await access.require(actor, 'password.reset');
      await jobs.enqueue(passwordResetRequestJob, { email: input.email, ipAddress: actor.ip });
    },

    /** The reset job: a code and a link to an active account, at most one per cooldown. */
    async sendPasswordReset({ email, ipAddress }: { email: string; ipAddress: string | null }): Promise<void> {
      const user = await repository.findUserByEmail(email);
      if (!user || user.status !== 'active') return;
      if ((await codes.cooldownSeconds(user.id, 'password_reset')) > 0) return;
      await repository.transaction(async (tx) => {
        const { code, token } = await codes.issue(user, 'password_reset', { withLink: true, tx });
        const link = `${publicUrl}/forgotten-password/confirm?token=${encodeURIComponent(token ?? '')}`;
        await mail.queue(
          { userId: user.id, email: user.email, language: user.language },
          { name: 'reset_password', vars: { firstName: user.firstName, code, link } },
          tx,
        );
      });
      await audit.record('auth.password_reset_requested', { target: user, ipAddress: ipAddress ?? undefined });
    },

    /** Sets the new password and signs out every session of the account. */
    async resetPassword(actor: Actor, input: ResetPasswordInput): Promise<void> {
      await access.require(actor, 'password.reset');
      let userId: string;
      if (input.token) {
        userId = (await codes.consumeLinkToken(input.token)).userId;
      } else {
        const user = await repository.findUserByEmail(input.email ?? '');
        if (!user) {
          // Same answer and about the same work as a wrong code: no account enumeration.
          await verifyPassword(input.password, null);
          throw new AppError('VERIFICATION_CODE_INVALID', 400, 'This code is not valid');
        }
        try {
          userId = (await codes.consume(user.id, 'password_reset', input.code ?? '')).userId;
        } catch (error) {
          // The answer for a real account is the answer for an unknown one: no remaining attempts, and
          // an expired or used-up code reads as not valid (an unknown address has no code to expire).
          if (error instanceof AppError && codeRefusals.has(error.code)) {
            throw new AppError('VERIFICATION_CODE_INVALID', 400, 'This code is not valid');
          }
          throw error;
        }
      }
      const passwordHash = await hashPassword(input.password);
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('VERIFICATION_CODE_INVALID', 400, 'This code is not valid');
      // Receiving the code proves the address too.
      const updated = await repository.updateUser(userId, {
        passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      });
      await sessions.revokeAllForUser(userId);
      await throttle.recordSuccess(user.email);
      await audit.record('auth.password_reset', { actor: user, target: user, ipAddress: actor.ip });
      if (updated) {
        await mail.queue(
          { userId: updated.id, email: updated.email, language: updated.language },
          { name: 'password_changed', vars: { firstName: updated.firstName } },
        );
      }
    },

    /**
     * ADMIN_EMAIL + ADMIN_PASSWORD: creates the admin (verified), or promotes and re-enables the account.
     * A promoted account takes ADMIN_PASSWORD and loses its sessions: whoever had signed up with the
     * address (it may have been free for a while) does not become admin with their own password.
     */
    async ensureAdmin(actor: Actor, admin: { email: string; password: string } | undefined): Promise<void> {
      await access.require(actor, 'user.manage');
      if (!admin) return;
      const email = admin.email.toLowerCase();
      const existing = await repository.findUserByEmail(email);
      if (existing) {
        if (hasAdminRole(existing) && existing.status === 'active' && existing.emailVerifiedAt) return;
        await repository.updateUser(existing.id, {
          role: 'admin',
          status: 'active',
          emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
          passwordHash: await hashPassword(admin.password),
        });
        await sessions.revokeAllForUser(existing.id);
        await audit.record('admin.bootstrap', { target: existing, metadata: { promoted: true } });
        log.info({ email }, 'Promoted ADMIN_EMAIL to administrator');
        return;
      }
      const created = await repository.insertUser({
        email,
        firstName: 'Admin',
        lastName: '',
        companyName: '',
        passwordHash: await hashPassword(admin.password),
        language: 'en',
        role: 'admin',
        emailVerifiedAt: new Date(),
      });
      if (created) {
        await audit.record('admin.bootstrap', { target: created, metadata: { created: true } });
        log.info({ email }, 'Created the administrator from ADMIN_EMAIL');
      }
    },

    // Used by the account module (profile, password and e-mail changes).
    verifyPassword,
    hashPassword,
    codes,
    toSessionUser,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
