import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  fileChunks,
  files,
  folders,
  kbFunctions,
  kbResourceTypes,
  type FileRow,
  type KbFunctionRow,
  type KbResourceTypeRow,
} from '../../db/schema/index.ts';

type Localized = { en: string; de: string; fr: string; it: string };

export interface SeededSections {
  fileId: string;
  sourceKey: string;
  title: string;
  sections: { heading: string; page: number }[];
}
type TaxonomyTable = typeof kbFunctions | typeof kbResourceTypes;

function taxonomy(table: TaxonomyTable, db: Db) {
  return {
    list(): Promise<(KbFunctionRow | KbResourceTypeRow)[]> {
      return db.select().from(table).orderBy(asc(table.position), asc(table.createdAt));
    },
    async find(id: string) {
      const [row] = await db.select().from(table).where(eq(table.id, id));
      return row;
    },
    async findByCode(code: string) {
      const [row] = await db.select().from(table).where(eq(table.code, code));
      return row;
    },
    async insert(values: { code?: string | null; names: Localized; descriptions: Localized; position?: number }) {
      const [max] = await db.select({ max: sql<number | null>`max(${table.position})` }).from(table);
      const [row] = await db
        .insert(table)
        .values({ ...values, position: values.position ?? (max?.max ?? 0) + 1 })
        .returning();
      return row!;
    },
    /** Inserts or refreshes a seeded item by its code. */
    async upsertByCode(values: { code: string; names: Localized; descriptions: Localized; position: number }) {
      const [row] = await db.insert(table).values(values).onConflictDoNothing({ target: table.code }).returning();
      return row ?? (await this.findByCode(values.code))!;
    },
    async update(id: string, values: { names: Localized }) {
      const [row] = await db
        .update(table)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(table.id, id))
        .returning();
      return row;
    },
    async reorder(ids: string[]) {
      await db.transaction(async (tx) => {
        for (const [index, id] of ids.entries()) {
          await tx
            .update(table)
            .set({ position: index + 1, updatedAt: sql`now()` })
            .where(eq(table.id, id));
        }
      });
    },
    async delete(id: string) {
      await db.delete(table).where(eq(table.id, id));
    },
    async count(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
      return row?.count ?? 0;
    },
  };
}

export type KnowledgeRepository = ReturnType<typeof createKnowledgeRepository>;

export function createKnowledgeRepository(db: Db) {
  return {
    functions: taxonomy(kbFunctions, db),
    resourceTypes: taxonomy(kbResourceTypes, db),

    /** Documents per function (all types), or per resource type within one function. */
    async countsByFunction(): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: files.kbFunctionId, count: sql<number>`count(*)::int` })
        .from(files)
        .where(eq(files.scope, 'kb'))
        .groupBy(files.kbFunctionId);
      return new Map(rows.map((row) => [row.id!, row.count]));
    },
    async countsByResourceType(functionId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: files.kbResourceTypeId, count: sql<number>`count(*)::int` })
        .from(files)
        .where(and(eq(files.scope, 'kb'), eq(files.kbFunctionId, functionId)))
        .groupBy(files.kbResourceTypeId);
      return new Map(rows.map((row) => [row.id!, row.count]));
    },
    async isUsed(column: 'function' | 'resourceType', id: string): Promise<boolean> {
      const fileColumn = column === 'function' ? files.kbFunctionId : files.kbResourceTypeId;
      const folderColumn = column === 'function' ? folders.kbFunctionId : folders.kbResourceTypeId;
      const [file] = await db.select({ id: files.id }).from(files).where(eq(fileColumn, id)).limit(1);
      const [folder] = await db.select({ id: folders.id }).from(folders).where(eq(folderColumn, id)).limit(1);
      return Boolean(file || folder);
    },
    async findBySourceKey(key: string): Promise<FileRow | undefined> {
      const [row] = await db.select().from(files).where(eq(files.kbSourceKey, key));
      return row;
    },
    /** Seeded knowledge-base files by their source keys (`<id>:<language>`); missing keys are left out. */
    async findIdsBySourceKeys(keys: string[]): Promise<Array<{ id: string; kbSourceKey: string }>> {
      if (keys.length === 0) return [];
      const rows = await db
        .select({ id: files.id, kbSourceKey: files.kbSourceKey })
        .from(files)
        .where(and(eq(files.scope, 'kb'), inArray(files.kbSourceKey, keys)));
      return rows.flatMap((row) => (row.kbSourceKey ? [{ id: row.id, kbSourceKey: row.kbSourceKey }] : []));
    },
    /** Seeded documents with their `##` sections in reading order (and the page each starts on). */
    async findSectionsBySourceKeys(keys: string[]): Promise<SeededSections[]> {
      if (keys.length === 0) return [];
      const found = await db
        .select({ id: files.id, kbSourceKey: files.kbSourceKey, title: files.title, name: files.name })
        .from(files)
        .where(and(eq(files.scope, 'kb'), eq(files.status, 'ready'), inArray(files.kbSourceKey, keys)));
      if (found.length === 0) return [];
      const sections = await db
        .select({
          fileId: fileChunks.fileId,
          heading: fileChunks.heading,
          page: sql<number>`min(${fileChunks.page})::int`,
          first: sql<number>`min(${fileChunks.chunkIndex})::int`,
        })
        .from(fileChunks)
        .where(
          inArray(
            fileChunks.fileId,
            found.map((row) => row.id),
          ),
        )
        .groupBy(fileChunks.fileId, fileChunks.heading)
        .orderBy(fileChunks.fileId, sql`min(${fileChunks.chunkIndex})`);
      return found.map((row) => ({
        fileId: row.id,
        sourceKey: row.kbSourceKey ?? '',
        title: row.title ?? row.name,
        sections: sections
          .filter((section) => section.fileId === row.id && section.heading)
          .map((section) => ({ heading: section.heading ?? '', page: section.page })),
      }));
    },
    async kbFileCount(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(files)
        .where(eq(files.scope, 'kb'));
      return row?.count ?? 0;
    },
  };
}
