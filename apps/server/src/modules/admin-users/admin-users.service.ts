import type { AdminUpdateUserInput, AdminUser, AdminUserList } from '@compliance/shared/account';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ClientInfo } from '../auth/auth.service.ts';
import type { AuthContext, SessionService } from '../auth/session.service.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';

function requireAdmin(auth: AuthContext | null): AuthContext {
  if (!auth) throw new AppError('UNAUTHENTICATED', 401, 'Sign in to continue');
  if (auth.user.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'Administrators only');
  return auth;
}

function toAdminUser(user: UserRow, lastSeenAt: Date | string | null): AdminUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
    role: user.role,
    status: user.status,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    lastSeenAt: lastSeenAt ? new Date(lastSeenAt).toISOString() : null,
  };
}

function lastAdmin(): AppError {
  return new AppError('LAST_ADMIN', 409, 'The last administrator cannot be demoted, disabled or deleted');
}

/** The admin's user management: list, promote/demote, disable/enable, delete. Every change is audited. */
export function createAdminUsersService({
  repository,
  sessions,
  audit,
}: {
  repository: AdminUsersRepository;
  sessions: SessionService;
  audit: AuditService;
}) {
  return {
    async list(
      auth: AuthContext | null,
      query: { search?: string | undefined; page: number; pageSize: number },
    ): Promise<AdminUserList> {
      requireAdmin(auth);
      const { rows, total } = await repository.list({
        search: query.search || undefined,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        users: rows.map((row) => toAdminUser(row.user, row.lastSeenAt)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async update(
      auth: AuthContext | null,
      id: string,
      input: AdminUpdateUserInput,
      client: ClientInfo,
    ): Promise<AdminUser> {
      const caller = requireAdmin(auth);
      if (id === caller.user.id && input.status === 'disabled') {
        throw new AppError('CANNOT_CHANGE_OWN_ACCOUNT', 409, 'You cannot disable your own account');
      }
      const { before, after } = await repository.transaction(async (tx) => {
        const admins = await repository.lockActiveAdmins(tx);
        const target = await repository.findById(id, tx);
        if (!target) throw new AppError('NOT_FOUND', 404, 'User not found');
        const losesAdmin =
          target.role === 'admin' &&
          target.status === 'active' &&
          (input.role === 'user' || input.status === 'disabled');
        if (losesAdmin && admins.filter((adminId) => adminId !== id).length === 0) throw lastAdmin();
        const updated = await repository.update(id, input, tx);
        if (!updated) throw new AppError('NOT_FOUND', 404, 'User not found');
        return { before: target, after: updated };
      });
      if (after.status === 'disabled' && before.status !== 'disabled') await sessions.revokeAllForUser(id);
      const context = { actor: caller.user, target: after, ipAddress: client.ipAddress };
      if (before.role !== after.role) {
        await audit.record(after.role === 'admin' ? 'admin.user_promoted' : 'admin.user_demoted', context);
      }
      if (before.status !== after.status) {
        await audit.record(after.status === 'disabled' ? 'admin.user_disabled' : 'admin.user_enabled', context);
      }
      return toAdminUser(after, null);
    },

    async remove(auth: AuthContext | null, id: string, client: ClientInfo): Promise<void> {
      const caller = requireAdmin(auth);
      if (id === caller.user.id) {
        throw new AppError('CANNOT_CHANGE_OWN_ACCOUNT', 409, 'You cannot delete your own account here');
      }
      const removed = await repository.transaction(async (tx) => {
        const admins = await repository.lockActiveAdmins(tx);
        const target = await repository.findById(id, tx);
        if (!target) throw new AppError('NOT_FOUND', 404, 'User not found');
        if (target.role === 'admin' && admins.filter((adminId) => adminId !== id).length === 0) throw lastAdmin();
        await repository.delete(id, tx);
        return target;
      });
      await audit.record('admin.user_deleted', {
        actor: caller.user,
        target: { id: null, email: removed.email },
        metadata: { role: removed.role, userId: removed.id },
        ipAddress: client.ipAddress,
      });
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
