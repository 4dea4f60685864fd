import { and, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { messageConnectorKinds } from '@compliance/shared/integrations';
import type { Db, DbExecutor } from '../../db/client.ts';
import {
  integrationAlertDeliveries,
  companyMembers,
  integrationConnections,
  integrationJournal,
  integrationRemoteFiles,
  integrationSyncRuns,
  users,
  type IntegrationAlertDeliveryRow,
  type IntegrationConnectionRow,
  type IntegrationJournalRow,
  type IntegrationSyncRunRow,
} from '../../db/schema/index.ts';

/** An export holds at most this many entries (the newest). */
export const JOURNAL_EXPORT_MAX_ROWS = 100_000;

export type NewConnection = typeof integrationConnections.$inferInsert;
export type NewJournalEntry = Omit<typeof integrationJournal.$inferInsert, 'companyId'>;

/** Whose journal: one sender's, one company's, or (null) everyone's. */
export type JournalFilter = { userId: string } | { companyId: string } | null;

function journalWhere(filter: JournalFilter) {
  if (!filter) return undefined;
  return 'userId' in filter
    ? eq(integrationJournal.senderUserId, filter.userId)
    : eq(integrationJournal.companyId, filter.companyId);
}

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
    async listCompany(companyId: string): Promise<IntegrationConnectionRow[]> {
      return db
        .select()
        .from(integrationConnections)
        .where(and(eq(integrationConnections.scope, 'company'), eq(integrationConnections.companyId, companyId)))
        .orderBy(integrationConnections.createdAt);
    },
    async countCompany(companyId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(integrationConnections)
        .where(and(eq(integrationConnections.scope, 'company'), eq(integrationConnections.companyId, companyId)));
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
    /** Channels that asked for FATF list alerts, of any scope. */
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
    /** Channels that asked for sync failure alerts: a user's own, or (ownerUserId null) the organisation's. */
    async withSyncAlerts(ownerUserId: string | null): Promise<IntegrationConnectionRow[]> {
      return db
        .select()
        .from(integrationConnections)
        .where(
          and(
            inArray(integrationConnections.kind, [...messageConnectorKinds]),
            sql`${integrationConnections.settings}->>'syncAlerts' = 'true'`,
            ownerUserId
              ? and(eq(integrationConnections.scope, 'personal'), eq(integrationConnections.ownerUserId, ownerUserId))
              : eq(integrationConnections.scope, 'organisation'),
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
    async putRemoteFile(entry: {
      connectionId: string;
      remotePath: string;
      fileId: string;
      version: string;
      revision: number;
      syncedAt: Date;
    }): Promise<void> {
      const { fileId, version, revision, syncedAt } = entry;
      await db
        .insert(integrationRemoteFiles)
        .values(entry)
        .onConflictDoUpdate({
          target: [integrationRemoteFiles.connectionId, integrationRemoteFiles.remotePath],
          set: { fileId, version, revision, syncedAt },
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

    /**
     * Records a message. It goes into the journal of the sender's company as of now (a member who
     * leaves later leaves their entries there) or, sent by the system, of the connection's company.
     */
    async journal(values: NewJournalEntry, tx: DbExecutor = db): Promise<IntegrationJournalRow> {
      const companyId = sql`coalesce(
        (select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${values.senderUserId ?? null}),
        (select ${integrationConnections.companyId} from ${integrationConnections} where ${integrationConnections.id} = ${values.connectionId ?? null})
      )`;
      const [row] = await tx
        .insert(integrationJournal)
        .values({ ...values, companyId })
        .returning();
      return row!;
    },

    // ---- alert deliveries (the outbox) ----

    /** Records one alert for one channel; null when it was recorded before (a repeated fan-out). */
    async addAlertDelivery(
      tx: DbExecutor,
      values: {
        kind: IntegrationAlertDeliveryRow['kind'];
        subjectId: string;
        connectionId: string;
        payload: Record<string, unknown>;
      },
    ): Promise<string | null> {
      const [row] = await tx
        .insert(integrationAlertDeliveries)
        .values(values)
        .onConflictDoNothing({
          target: [integrationAlertDeliveries.subjectId, integrationAlertDeliveries.connectionId],
        })
        .returning({ id: integrationAlertDeliveries.id });
      return row?.id ?? null;
    },
    async alertDelivery(id: string): Promise<IntegrationAlertDeliveryRow | undefined> {
      const [row] = await db.select().from(integrationAlertDeliveries).where(eq(integrationAlertDeliveries.id, id));
      return row;
    },
    /**
     * Claims alerts of a channel for one delivery job: its own alert, or (a digest) every pending one
     * of the channel. A job run again after a crash gets back what it had claimed; alerts another job
     * claimed are not taken.
     */
    async claimAlerts(
      connectionId: string,
      jobDeliveryId: string,
      which: 'own' | 'channel',
    ): Promise<IntegrationAlertDeliveryRow[]> {
      const claimable = or(
        eq(integrationAlertDeliveries.status, 'pending'),
        and(eq(integrationAlertDeliveries.status, 'sending'), eq(integrationAlertDeliveries.claimedBy, jobDeliveryId)),
      );
      const rows = await db
        .update(integrationAlertDeliveries)
        .set({ status: 'sending', claimedBy: jobDeliveryId })
        .where(
          and(
            eq(integrationAlertDeliveries.connectionId, connectionId),
            claimable,
            which === 'own' ? eq(integrationAlertDeliveries.id, jobDeliveryId) : undefined,
          ),
        )
        .returning();
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
    async closeAlertDeliveries(tx: DbExecutor, ids: string[], status: 'sent' | 'failed', at: Date): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(integrationAlertDeliveries)
        .set({ status, deliveredAt: at })
        .where(inArray(integrationAlertDeliveries.id, ids));
    },
    /** One page of the journal: a user's own entries, a company's, or (null) everyone's. */
    async journalPage(filter: JournalFilter, { limit, offset }: { limit: number; offset: number }) {
      const where = journalWhere(filter);
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
    async journalAll(filter: JournalFilter): Promise<IntegrationJournalRow[]> {
      return db
        .select()
        .from(integrationJournal)
        .where(journalWhere(filter))
        .orderBy(desc(integrationJournal.sentAt))
        .limit(JOURNAL_EXPORT_MAX_ROWS);
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
