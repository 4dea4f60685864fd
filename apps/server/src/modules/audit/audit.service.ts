import type { AuditEntry } from '@compliance/shared/account';
import type { DbExecutor } from '../../db/client.ts';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { AuditRepository } from './audit.repository.ts';

export const auditActions = [
  'auth.signup',
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_in_blocked',
  'auth.sign_out',
  'auth.email_verified',
  'auth.password_reset_requested',
  'auth.password_reset',
  'account.password_changed',
  'account.email_changed',
  'account.profile_updated',
  'account.sessions_revoked',
  'admin.bootstrap',
  'admin.user_promoted',
  'admin.user_demoted',
  'admin.user_disabled',
  'admin.user_enabled',
  'admin.user_deleted',
  // FATF country pages
  'admin.country_status_changed',
  'admin.countries_imported',
  'admin.countries_reviewed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditPerson {
  /** Null for a user who no longer exists (the e-mail address stays in the row). */
  id: string | null;
  email: string;
}

/**
 * The audit trail: sign-ins, failed sign-ins, password changes and every admin action. `record` is
 * for other services (which made their own access check); reading the trail is for admins.
 */
export function createAuditService({ access, repository }: { access: Access; repository: AuditRepository }) {
  return {
    record(
      action: AuditAction,
      {
        actor,
        target,
        ipAddress = '',
        metadata = {},
      }: {
        actor?: AuditPerson | null;
        target?: AuditPerson | null;
        ipAddress?: string;
        metadata?: Record<string, unknown>;
      },
      tx?: DbExecutor,
    ): Promise<void> {
      return repository.insert(
        {
          action,
          actorUserId: actor?.id ?? null,
          actorEmail: actor?.email ?? null,
          targetUserId: target?.id ?? null,
          targetEmail: target?.email ?? null,
          ipAddress,
          metadata,
        },
        tx,
      );
    },

    async list(actor: Actor, { page, pageSize }: { page: number; pageSize: number }) {
      await access.require(actor, 'audit.read');
      const { rows, total } = await repository.list({ limit: pageSize, offset: (page - 1) * pageSize });
      const entries: AuditEntry[] = rows.map((row) => ({
        id: row.id,
        action: row.action,
        actorEmail: row.actorEmail,
        targetEmail: row.targetEmail,
        ipAddress: row.ipAddress,
        createdAt: row.createdAt.toISOString(),
      }));
      return { entries, total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
