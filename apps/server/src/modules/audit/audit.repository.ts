import type { AuditFilter } from '@compliance/shared/admin';
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { auditLog, type AuditLogRow } from '../../db/schema/index.ts';

export interface NewAuditEntry {
  action: string;
  actorUserId: string | null;
  actorEmail: string | null;
  targetUserId: string | null;
  targetEmail: string | null;
  ipAddress: string;
  metadata: Record<string, unknown>;
}

function contains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The filter as SQL: e-mail parts case-insensitively, the action exactly, whole UTC days. */
function where(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.actor ? ilike(auditLog.actorEmail, contains(filter.actor)) : undefined,
    filter.target ? ilike(auditLog.targetEmail, contains(filter.target)) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(auditLog.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
  ];
  return and(...conditions);
}

export function createAuditRepository(db: Db) {
  return {
    async insert(entry: NewAuditEntry, tx: DbExecutor = db): Promise<void> {
      await tx.insert(auditLog).values(entry);
    },
    async list(
      filter: AuditFilter,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ rows: AuditLogRow[]; total: number }> {
      const condition = where(filter);
      const rows = await db
        .select()
        .from(auditLog)
        .where(condition)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ value: count() }).from(auditLog).where(condition);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
