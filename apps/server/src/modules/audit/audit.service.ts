import type { AuditEntry } from '@compliance/shared/account';
import type { AuditAction, AuditFilter } from '@compliance/shared/admin';
import { csvText } from '@compliance/shared/csv';
import type { DbExecutor } from '../../db/client.ts';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { AuditLogRow } from '../../db/schema/index.ts';
import type { AuditRepository } from './audit.repository.ts';

/** Rows of one CSV export at most: a wider export is narrowed by the filters. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

function toEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    actorEmail: row.actorEmail,
    targetEmail: row.targetEmail,
    ipAddress: row.ipAddress,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
  };
}

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

    async list(actor: Actor, { page, pageSize, ...filter }: AuditFilter & { page: number; pageSize: number }) {
      await access.require(actor, 'audit.read');
      const { rows, total } = await repository.list(filter, { limit: pageSize, offset: (page - 1) * pageSize });
      return { entries: rows.map(toEntry), total };
    },

    /** The filtered log as CSV (UTF-8), newest first. */
    async exportCsv(actor: Actor, filter: AuditFilter): Promise<string> {
      await access.require(actor, 'audit.read');
      const { rows } = await repository.list(filter, { limit: AUDIT_EXPORT_MAX_ROWS, offset: 0 });
      const lines = [['time', 'action', 'actor', 'target', 'ip_address', 'details']];
      for (const entry of rows.map(toEntry)) {
        lines.push([
          entry.createdAt,
          entry.action,
          entry.actorEmail ?? '',
          entry.targetEmail ?? '',
          entry.ipAddress,
          Object.keys(entry.metadata).length > 0 ? JSON.stringify(entry.metadata) : '',
        ]);
      }
      return csvText(lines);
    },

    /** The newest entries, for the admin overview. */
    async recent(actor: Actor, limit: number): Promise<AuditEntry[]> {
      await access.require(actor, 'audit.read');
      return (await repository.list({}, { limit, offset: 0 })).rows.map(toEntry);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
