import type { AdminUpdateUserInput, AdminUser, AdminUserList } from '@compliance/shared/account';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { hasAdminRole, type Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStorage } from '../storage/storage.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';

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

function unconfirmedSelfChange(): AppError {
  return new AppError('SELF_CHANGE_UNCONFIRMED', 409, 'Confirm the change of your own account (confirmSelf)');
}

/**
 * The admin's user management: list, promote/demote, disable/enable, delete. Every change is audited.
 * Safety: the last active admin keeps the role, an admin changes their own role or status only with
 * `confirmSelf`, and nobody deletes their own account here.
 */
export function createAdminUsersService({
  access,
  repository,
  sessions,
  audit,
  storage,
  log,
}: {
  access: Access;
  repository: AdminUsersRepository;
  sessions: SessionService;
  audit: AuditService;
  storage: Pick<BlobStorage, 'delete'>;
  log: FastifyBaseLogger;
}) {
  return {
    async list(
      actor: Actor,
      query: { search?: string | undefined; page: number; pageSize: number },
    ): Promise<AdminUserList> {
      await access.require(actor, 'user.manage');
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
      actor: Actor,
      { id, confirmSelf, ...input }: AdminUpdateUserInput & { id: string },
    ): Promise<AdminUser> {
      const caller = await access.require(actor, 'user.manage');
      const self = id === caller.user.id;
      const { before, after } = await repository.transaction(async (tx) => {
        const admins = await repository.lockActiveAdmins(tx);
        const target = await repository.findById(id, tx);
        if (!target) throw new AppError('NOT_FOUND', 404, 'User not found');
        const losesAdmin =
          hasAdminRole(target) && target.status === 'active' && (input.role === 'user' || input.status === 'disabled');
        if (losesAdmin && admins.filter((adminId) => adminId !== id).length === 0) throw lastAdmin();
        const changes = (input.role !== undefined && input.role !== target.role) || input.status === 'disabled';
        if (self && changes && confirmSelf !== true) throw unconfirmedSelfChange();
        const updated = await repository.update(id, input, tx);
        if (!updated) throw new AppError('NOT_FOUND', 404, 'User not found');
        return { before: target, after: updated };
      });
      if (after.status === 'disabled' && before.status !== 'disabled') await sessions.revokeAllForUser(id);
      // Open realtime sockets re-check their rights now (a demoted admin stops receiving admin events).
      if (before.role !== after.role || before.status !== after.status) sessions.notifyUserChanged(id);
      const context = { actor: caller.user, target: after, ipAddress: caller.ip };
      if (before.role !== after.role) {
        await audit.record(hasAdminRole(after) ? 'admin.user_promoted' : 'admin.user_demoted', context);
      }
      if (before.status !== after.status) {
        await audit.record(after.status === 'disabled' ? 'admin.user_disabled' : 'admin.user_enabled', context);
      }
      return toAdminUser(after, null);
    },

    async remove(actor: Actor, { id }: { id: string }): Promise<void> {
      const caller = await access.require(actor, 'user.manage');
      if (id === caller.user.id) {
        throw new AppError('CANNOT_CHANGE_OWN_ACCOUNT', 409, 'You cannot delete your own account here');
      }
      const removed = await repository.transaction(async (tx) => {
        const admins = await repository.lockActiveAdmins(tx);
        const target = await repository.findById(id, tx);
        if (!target) throw new AppError('NOT_FOUND', 404, 'User not found');
        if (hasAdminRole(target) && admins.filter((adminId) => adminId !== id).length === 0) throw lastAdmin();
        const storageKeys = await repository.fileStorageKeys(id, tx);
        // Sessions, files, chunks, folders and conversations go with the row (foreign keys cascade).
        await repository.delete(id, tx);
        return { ...target, storageKeys };
      });
      // Open sockets re-check their session at once and close; the blobs leave the storage.
      sessions.notifyUserChanged(id);
      for (const key of removed.storageKeys) {
        await storage.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'Could not delete a blob'));
      }
      await audit.record('admin.user_deleted', {
        actor: caller.user,
        target: { id: null, email: removed.email },
        metadata: { role: removed.role, userId: removed.id },
        ipAddress: caller.ip,
      });
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
