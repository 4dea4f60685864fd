import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import {
  fatfDataset,
  fatfJurisdictions,
  fatfStatusChanges,
  type FatfDatasetRow,
  type FatfJurisdictionRow,
  type FatfStatusChangeRow,
} from '../../db/schema/index.ts';

export const DATASET_ID = 'current';

export type NewJurisdictionRow = typeof fatfJurisdictions.$inferInsert;
export type NewStatusChangeRow = typeof fatfStatusChanges.$inferInsert;
export type NewDatasetRow = Omit<typeof fatfDataset.$inferInsert, 'id'>;

export interface StatusChangeWithNames extends FatfStatusChangeRow {
  nameEn: string;
  nameDe: string;
  nameFr: string;
  nameIt: string;
}

/** Rows per INSERT: keeps statements well below PostgreSQL's parameter limit. */
const BATCH = 100;

const changeWithNames = {
  id: fatfStatusChanges.id,
  iso2: fatfStatusChanges.iso2,
  fromStatus: fatfStatusChanges.fromStatus,
  toStatus: fatfStatusChanges.toStatus,
  blackListAction: fatfStatusChanges.blackListAction,
  effectiveDate: fatfStatusChanges.effectiveDate,
  baseline: fatfStatusChanges.baseline,
  plenaryName: fatfStatusChanges.plenaryName,
  source: fatfStatusChanges.source,
  note: fatfStatusChanges.note,
  actorUserId: fatfStatusChanges.actorUserId,
  recordedAt: fatfStatusChanges.recordedAt,
  nameEn: fatfJurisdictions.nameEn,
  nameDe: fatfJurisdictions.nameDe,
  nameFr: fatfJurisdictions.nameFr,
  nameIt: fatfJurisdictions.nameIt,
};

/** The only code that reads or writes the FATF tables. Methods taking `tx` run inside the caller's transaction. */
export function createCountriesRepository(db: Db) {
  return {
    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async getDataset(tx: DbExecutor = db): Promise<FatfDatasetRow | undefined> {
      const [row] = await tx.select().from(fatfDataset).where(eq(fatfDataset.id, DATASET_ID));
      return row;
    },

    /** Reads the data-set row and holds its lock until the transaction ends: writers run one at a time. */
    async lockDataset(tx: DbExecutor): Promise<FatfDatasetRow | undefined> {
      const [row] = await tx.select().from(fatfDataset).where(eq(fatfDataset.id, DATASET_ID)).for('update');
      return row;
    },

    /** True when this call created the row (first start); false when it already existed. */
    async insertDatasetIfMissing(tx: DbExecutor, values: NewDatasetRow): Promise<boolean> {
      const inserted = await tx
        .insert(fatfDataset)
        .values({ id: DATASET_ID, ...values })
        .onConflictDoNothing({ target: fatfDataset.id })
        .returning({ id: fatfDataset.id });
      return inserted.length > 0;
    },

    async updateDataset(
      tx: DbExecutor,
      patch: Partial<NewDatasetRow>,
      { bumpVersion }: { bumpVersion: boolean },
    ): Promise<FatfDatasetRow> {
      const [row] = await tx
        .update(fatfDataset)
        .set({
          ...patch,
          ...(bumpVersion ? { version: sql`${fatfDataset.version} + 1` } : {}),
          updatedAt: new Date(),
        })
        .where(eq(fatfDataset.id, DATASET_ID))
        .returning();
      if (!row) throw new Error('The FATF data set row is missing');
      return row;
    },

    async listJurisdictions({ includeRemoved }: { includeRemoved: boolean }, tx: DbExecutor = db) {
      return tx
        .select()
        .from(fatfJurisdictions)
        .where(includeRemoved ? undefined : isNull(fatfJurisdictions.removedAt))
        .orderBy(asc(fatfJurisdictions.iso2));
    },

    async findJurisdiction(iso2: string, tx: DbExecutor = db): Promise<FatfJurisdictionRow | undefined> {
      const [row] = await tx.select().from(fatfJurisdictions).where(eq(fatfJurisdictions.iso2, iso2));
      return row;
    },

    async insertJurisdictions(tx: DbExecutor, rows: NewJurisdictionRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += BATCH) {
        await tx.insert(fatfJurisdictions).values(rows.slice(start, start + BATCH));
      }
    },

    async updateJurisdiction(tx: DbExecutor, iso2: string, patch: Partial<NewJurisdictionRow>): Promise<void> {
      await tx.update(fatfJurisdictions).set(patch).where(eq(fatfJurisdictions.iso2, iso2));
    },

    async markRemoved(tx: DbExecutor, iso2s: string[], at: Date): Promise<void> {
      if (iso2s.length === 0) return;
      await tx
        .update(fatfJurisdictions)
        .set({ removedAt: at, lastUpdatedAt: at, lastCheckedAt: at })
        .where(inArray(fatfJurisdictions.iso2, iso2s));
    },

    /** A review: every visible jurisdiction was checked at `at`. */
    async markAllChecked(tx: DbExecutor, at: Date): Promise<void> {
      await tx.update(fatfJurisdictions).set({ lastCheckedAt: at }).where(isNull(fatfJurisdictions.removedAt));
    },

    async insertChanges(tx: DbExecutor, rows: NewStatusChangeRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += BATCH) {
        await tx.insert(fatfStatusChanges).values(rows.slice(start, start + BATCH));
      }
    },

    /** One jurisdiction's history, oldest first. */
    async listChangesFor(iso2: string): Promise<StatusChangeWithNames[]> {
      return db
        .select(changeWithNames)
        .from(fatfStatusChanges)
        .innerJoin(fatfJurisdictions, eq(fatfJurisdictions.iso2, fatfStatusChanges.iso2))
        .where(eq(fatfStatusChanges.iso2, iso2))
        .orderBy(
          sql`${fatfStatusChanges.effectiveDate} asc nulls first`,
          asc(fatfStatusChanges.recordedAt),
          asc(fatfStatusChanges.id),
        );
    },

    /** The latest real changes (no baseline entries) of jurisdictions everyone may see, newest first. */
    async listRecentChanges(limit: number): Promise<StatusChangeWithNames[]> {
      return db
        .select(changeWithNames)
        .from(fatfStatusChanges)
        .innerJoin(fatfJurisdictions, eq(fatfJurisdictions.iso2, fatfStatusChanges.iso2))
        .where(and(eq(fatfStatusChanges.baseline, false), isNull(fatfJurisdictions.removedAt)))
        .orderBy(
          sql`${fatfStatusChanges.effectiveDate} desc nulls last`,
          desc(fatfStatusChanges.recordedAt),
          asc(fatfStatusChanges.iso2),
        )
        .limit(limit);
    },
  };
}

export type CountriesRepository = ReturnType<typeof createCountriesRepository>;
