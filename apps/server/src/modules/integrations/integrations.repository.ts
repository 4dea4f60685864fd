import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { messageConnectorKinds } from '@compliance/shared/integrations';
import type { Db, DbExecutor } from '../../db/client.ts';
import {
  integrationConnections,
  integrationJournal,
  integrationRemoteFiles,
  integrationSyncRuns,
  users,
  type IntegrationConnectionRow,
  type IntegrationJournalRow,
  type IntegrationSyncRunRow,
} from '../../db/schema/index.ts';

/** An export holds at most this many entries (the newest). */
export const JOURNAL_EXPORT_MAX_ROWS = 100_000;

export type NewConnection = typeof integrationConnections.$inferInsert;
export type NewJournalEntry = typeof integrationJournal.$inferInsert;

export function createIntegrationsRepository(db: Db) {
  return {
    // ---- connections ----

    async listPersonal(userId: string): Promise<IntegrationConnectionRow[]> {
      return db
        .select()
        .from(integrationConnections)
        .where(and(eq(integrationConnections.scope, 'personal'), eq(integrationConnections.ownerUserId, userId)))
        .orderBy(integrationConnections.createdAt);
    },
    async listOrganisation(): Promise<IntegrationConnectionRow[]> {
      return db
        .select()
        .from(integrationConnections)
        .where(eq(integrationConnections.scope, 'organisation'))
        .orderBy(integrationConnections.createdAt);
    },
    async countPersonal(userId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(integrationConnections)
        .where(and(eq(integrationConnections.scope, 'personal'), eq(integrationConnections.ownerUserId, userId)));
      return row?.value ?? 0;
    },
    async countOrganisation(): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(integrationConnections)
        .where(eq(integrationConnections.scope, 'organisation'));
      return row?.value ?? 0;
    },
    async find(id: string): Promise<IntegrationConnectionRow | null> {
      const [row] = await db.select().from(integrationConnections).where(eq(integrationConnections.id, id));
      return row ?? null;
    },
    async insert(values: NewConnection): Promise<IntegrationConnectionRow> {
      const [row] = await db.insert(integrationConnections).values(values).returning();
      return row!;
    },
    async update(id: string, values: Partial<NewConnection>, tx: DbExecutor = db): Promise<IntegrationConnectionRow> {
      const [row] = await tx
        .update(integrationConnections)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(integrationConnections.id, id))
        .returning();
      return row!;
    },
    async remove(id: string): Promise<void> {
      await db.delete(integrationConnections).where(eq(integrationConnections.id, id));
    },
    /** Scheduled storage connections whose next sync is due. */
    async dueForSync(now: Date, limit: number): Promise<IntegrationConnectionRow[]> {
      return db
        .select()
        .from(integrationConnections)
        .where(lte(integrationConnections.nextSyncAt, now))
        .orderBy(integrationConnections.nextSyncAt)
        .limit(limit);
    },
    /** Messaging connections that post FATF list changes. */
    async withFatfAlerts(): Promise<IntegrationConnectionRow[]> {
      return db
        .select()
        .from(integrationConnections)
        .where(
          and(
            inArray(integrationConnections.kind, [...messageConnectorKinds]),
            sql`${integrationConnections.settings}->>'fatfAlerts' = 'true'`,
          ),
        );
    },
    /** The account behind a personal connection, for work done on its owner's behalf. */
    async owner(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    // ---- sync runs ----

    async insertRun(connectionId: string, trigger: 'manual' | 'schedule'): Promise<IntegrationSyncRunRow> {
      const [row] = await db.insert(integrationSyncRuns).values({ connectionId, trigger }).returning();
      return row!;
    },
    /** The connection's run that is queued or running, if any (one at a time). */
    async activeRun(connectionId: string): Promise<IntegrationSyncRunRow | null> {
      const [row] = await db
        .select()
        .from(integrationSyncRuns)
        .where(
          and(
            eq(integrationSyncRuns.connectionId, connectionId),
            inArray(integrationSyncRuns.status, ['queued', 'running']),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    async findRun(id: string): Promise<IntegrationSyncRunRow | null> {
      const [row] = await db.select().from(integrationSyncRuns).where(eq(integrationSyncRuns.id, id));
      return row ?? null;
    },
    async updateRun(id: string, values: Partial<typeof integrationSyncRuns.$inferInsert>): Promise<void> {
      await db.update(integrationSyncRuns).set(values).where(eq(integrationSyncRuns.id, id));
    },
    async listRuns(connectionId: string, limit: number): Promise<IntegrationSyncRunRow[]> {
      return db
        .select()
        .from(integrationSyncRuns)
        .where(eq(integrationSyncRuns.connectionId, connectionId))
        .orderBy(desc(integrationSyncRuns.createdAt))
        .limit(limit);
    },

    // ---- remote files ----

    async remoteFiles(connectionId: string) {
      return db.select().from(integrationRemoteFiles).where(eq(integrationRemoteFiles.connectionId, connectionId));
    },
    async putRemoteFile(connectionId: string, remotePath: string, fileId: string, version: string): Promise<void> {
      await db
        .insert(integrationRemoteFiles)
        .values({ connectionId, remotePath, fileId, version })
        .onConflictDoUpdate({
          target: [integrationRemoteFiles.connectionId, integrationRemoteFiles.remotePath],
          set: { fileId, version, syncedAt: new Date() },
        });
    },
    async removeRemoteFile(connectionId: string, remotePath: string): Promise<void> {
      await db
        .delete(integrationRemoteFiles)
        .where(
          and(eq(integrationRemoteFiles.connectionId, connectionId), eq(integrationRemoteFiles.remotePath, remotePath)),
        );
    },
    /** The remote file a library file was synced from (for citations and the document viewer). */
    async remoteOrigin(fileId: string) {
      const [row] = await db
        .select({
          remotePath: integrationRemoteFiles.remotePath,
          version: integrationRemoteFiles.version,
          syncedAt: integrationRemoteFiles.syncedAt,
          connectionName: integrationConnections.name,
        })
        .from(integrationRemoteFiles)
        .innerJoin(integrationConnections, eq(integrationConnections.id, integrationRemoteFiles.connectionId))
        .where(eq(integrationRemoteFiles.fileId, fileId))
        .limit(1);
      return row ?? null;
    },

    // ---- journal ----

    async journal(values: NewJournalEntry): Promise<IntegrationJournalRow> {
      const [row] = await db.insert(integrationJournal).values(values).returning();
      return row!;
    },
    /** One page of the journal: a user's own entries, or (userId null) everyone's. */
    async journalPage(userId: string | null, { limit, offset }: { limit: number; offset: number }) {
      const where = userId ? eq(integrationJournal.senderUserId, userId) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(integrationJournal)
          .where(where)
          .orderBy(desc(integrationJournal.sentAt), desc(integrationJournal.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(integrationJournal).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
    async journalAll(userId: string | null): Promise<IntegrationJournalRow[]> {
      return db
        .select()
        .from(integrationJournal)
        .where(userId ? eq(integrationJournal.senderUserId, userId) : undefined)
        .orderBy(desc(integrationJournal.sentAt))
        .limit(JOURNAL_EXPORT_MAX_ROWS);
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
