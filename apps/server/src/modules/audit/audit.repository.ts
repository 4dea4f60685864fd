import { count, desc } from 'drizzle-orm';
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

export function createAuditRepository(db: Db) {
  return {
    async insert(entry: NewAuditEntry, tx: DbExecutor = db): Promise<void> {
      await tx.insert(auditLog).values(entry);
    },
    async list({ limit, offset }: { limit: number; offset: number }): Promise<{ rows: AuditLogRow[]; total: number }> {
      const rows = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit).offset(offset);
      const [total] = await db.select({ value: count() }).from(auditLog);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
