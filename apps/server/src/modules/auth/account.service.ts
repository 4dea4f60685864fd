import type {
  AccountSettings,
  ActiveSession,
  ChangeEmailInput,
  ChangePasswordInput,
  Profile,
  UpdateProfileInput,
  UpdateSettingsInput,
} from '@compliance/shared/account';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { toLocale, type AuthService } from './auth.service.ts';
import type { SessionService } from './session.service.ts';

/** The signed-in user's own account: profile, e-mail, password, settings and sessions. */
export function createAccountService({
  access,
  repository,
  auth: authService,
  sessions,
  mail,
  audit,
}: {
  access: Access;
  repository: AccountsRepository;
  auth: AuthService;
  sessions: SessionService;
  mail: MailService;
  audit: AuditService;
}) {
  async function loadUser(caller: UserActor) {
    const user = await repository.findUserById(caller.user.id);
    if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Sign in to continue');
    return user;
  }

  async function pendingEmail(userId: string): Promise<string | null> {
    const latest = await repository.latestCode(userId, 'email_change');
    if (!latest || latest.consumedAt || latest.expiresAt <= new Date() || latest.failedAttempts >= 5) return null;
    return latest.newEmail;
  }

  async function toProfile(userId: string): Promise<Profile> {
    const user = await repository.findUserById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Sign in to continue');
    return {
      ...authService.toSessionUser(user),
      pendingEmail: await pendingEmail(user.id),
      createdAt: user.createdAt.toISOString(),
    };
  }

  async function assertCurrentPassword(userId: string, password: string): Promise<void> {
    const user = await repository.findUserById(userId);
    if (!user || !(await authService.verifyPassword(password, user.passwordHash))) {
      throw new AppError('CURRENT_PASSWORD_INCORRECT', 400, 'The current password is incorrect', {
        fields: { currentPassword: 'errors:CURRENT_PASSWORD_INCORRECT' },
      });
    }
  }

  return {
    async getProfile(actor: Actor): Promise<Profile> {
      const caller = await access.require(actor, 'account.read');
      return toProfile(caller.user.id);
    },

    async updateProfile(actor: Actor, input: UpdateProfileInput): Promise<Profile> {
      const caller = await access.require(actor, 'account.update');
      await repository.updateUser(caller.user.id, input);
      await audit.record('account.profile_updated', {
        actor: caller.user,
        target: caller.user,
        ipAddress: caller.ip,
      });
      return toProfile(caller.user.id);
    },

    /** Sends a code to the new address; the address changes only once that code is entered. */
    async requestEmailChange(actor: Actor, input: ChangeEmailInput & { newEmail: string }): Promise<Profile> {
      const caller = await access.require(actor, 'account.update');
      await assertCurrentPassword(caller.user.id, input.currentPassword);
      if (input.newEmail === caller.user.email) return toProfile(caller.user.id);
      if (await repository.findUserByEmail(input.newEmail)) {
        throw new AppError('EMAIL_TAKEN', 409, 'The email has already been taken.', {
          fields: { newEmail: 'errors:EMAIL_TAKEN' },
        });
      }
      const wait = await authService.codes.cooldownSeconds(caller.user.id, 'email_change');
      const pending = await pendingEmail(caller.user.id);
      if (wait > 0 && pending === input.newEmail) {
        throw new AppError('RESEND_TOO_SOON', 429, `Wait ${wait} s before asking for another code`, {
          fields: { retryAfterSeconds: String(wait) },
        });
      }
      const user = await loadUser(caller);
      await repository.transaction(async (tx) => {
        const { code } = await authService.codes.issue(user, 'email_change', { newEmail: input.newEmail, tx });
        await mail.queue(
          { userId: user.id, email: input.newEmail, language: user.language },
          { name: 'change_email', vars: { firstName: user.firstName, code } },
          tx,
        );
      });
      return toProfile(caller.user.id);
    },

    async confirmEmailChange(actor: Actor, { code }: { code: string }): Promise<Profile> {
      const caller = await access.require(actor, 'account.update');
      const row = await authService.codes.consume(caller.user.id, 'email_change', code);
      const newEmail = row.newEmail;
      if (!newEmail) throw new AppError('VERIFICATION_CODE_INVALID', 400, 'This code is not valid');
      if (await repository.findUserByEmail(newEmail)) {
        throw new AppError('EMAIL_TAKEN', 409, 'The email has already been taken.');
      }
      try {
        await repository.updateUser(caller.user.id, { email: newEmail, emailVerifiedAt: new Date() });
      } catch (error) {
        // Taken between the check and the update (unique index).
        throw new AppError('EMAIL_TAKEN', 409, 'The email has already been taken.', { cause: error });
      }
      await audit.record('account.email_changed', {
        actor: caller.user,
        target: { id: caller.user.id, email: newEmail },
        ipAddress: caller.ip,
        metadata: { from: caller.user.email, to: newEmail },
      });
      return toProfile(caller.user.id);
    },

    /** Checks the current password, stores the new one, and signs out every other session. */
    async changePassword(actor: Actor, input: ChangePasswordInput): Promise<number> {
      const caller = await access.require(actor, 'account.update');
      await assertCurrentPassword(caller.user.id, input.currentPassword);
      await repository.updateUser(caller.user.id, { passwordHash: await authService.hashPassword(input.password) });
      const revoked = await sessions.revokeAllForUser(caller.user.id, caller.sessionId);
      await audit.record('account.password_changed', {
        actor: caller.user,
        target: caller.user,
        ipAddress: caller.ip,
        metadata: { revokedSessions: revoked },
      });
      const user = await loadUser(caller);
      await mail.queue(
        { userId: user.id, email: user.email, language: user.language },
        { name: 'password_changed', vars: { firstName: user.firstName } },
      );
      return revoked;
    },

    async getSettings(actor: Actor): Promise<AccountSettings> {
      const caller = await access.require(actor, 'account.read');
      const [user, settings] = await Promise.all([loadUser(caller), repository.findSettings(caller.user.id)]);
      return {
        language: toLocale(user.language),
        theme: 'light',
        defaultAssistant: settings?.defaultAssistant === 'prompt_engineer' ? 'prompt_engineer' : 'expert',
        knowledgeBaseSearch: settings?.knowledgeBaseSearch ?? true,
        sessionLifetimeDays: ([1, 7, 30, 90] as const).find((days) => days === settings?.sessionLifetimeDays) ?? 30,
      };
    },

    async updateSettings(actor: Actor, input: UpdateSettingsInput): Promise<AccountSettings> {
      const caller = await access.require(actor, 'account.update');
      const { language, ...preferences } = input;
      await repository.transaction(async (tx) => {
        if (language) await repository.updateUser(caller.user.id, { language }, tx);
        if (Object.keys(preferences).length > 0) await repository.upsertSettings(caller.user.id, preferences, tx);
      });
      return this.getSettings(caller);
    },

    async listSessions(actor: Actor): Promise<ActiveSession[]> {
      const caller = await access.require(actor, 'account.read');
      const rows = await sessions.listForUser(caller.user.id);
      return rows
        .map((row) => ({
          id: row.id,
          userAgent: row.userAgent,
          ipAddress: row.ipAddress,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          current: row.id === caller.sessionId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
    },

    async revokeSession(actor: Actor, { id: sessionId }: { id: string }): Promise<void> {
      const caller = await access.require(actor, 'account.update');
      // Scoped to the caller's own sessions: someone else's id simply is not found.
      if (!(await sessions.revoke(sessionId, caller.user.id))) {
        throw new AppError('NOT_FOUND', 404, 'Session not found');
      }
      await audit.record('account.sessions_revoked', {
        actor: caller.user,
        target: caller.user,
        ipAddress: caller.ip,
        metadata: { sessionId },
      });
    },

    async revokeOtherSessions(actor: Actor): Promise<number> {
      const caller = await access.require(actor, 'account.update');
      const revoked = await sessions.revokeAllForUser(caller.user.id, caller.sessionId);
      await audit.record('account.sessions_revoked', {
        actor: caller.user,
        target: caller.user,
        ipAddress: caller.ip,
        metadata: { revoked, others: true },
      });
      return revoked;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
