import { and, asc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type DbExecutor } from '../../db/client.ts';
import { fileChunks, filePages, files, folders, type FileRow, type FolderRow } from '../../db/schema/index.ts';

/**
 * Whose library a folder or file belongs to: one user's own documents, or one branch (function ×
 * resource type) of the knowledge base.
 */
export type LibraryOwner =
  { scope: 'user'; userId: string } | { scope: 'kb'; functionId: string; resourceTypeId: string };

export type NewFile = typeof files.$inferInsert;

function ownerColumns(owner: LibraryOwner) {
  return owner.scope === 'user'
    ? { scope: 'user' as const, ownerUserId: owner.userId, kbFunctionId: null, kbResourceTypeId: null }
    : {
        scope: 'kb' as const,
        ownerUserId: null,
        kbFunctionId: owner.functionId,
        kbResourceTypeId: owner.resourceTypeId,
      };
}

function folderOwnerFilter(owner: LibraryOwner): SQL {
  return owner.scope === 'user'
    ? and(eq(folders.scope, 'user'), eq(folders.ownerUserId, owner.userId))!
    : and(
        eq(folders.scope, 'kb'),
        eq(folders.kbFunctionId, owner.functionId),
        eq(folders.kbResourceTypeId, owner.resourceTypeId),
      )!;
}

function fileOwnerFilter(owner: LibraryOwner): SQL {
  return owner.scope === 'user'
    ? and(eq(files.scope, 'user'), eq(files.ownerUserId, owner.userId))!
    : and(
        eq(files.scope, 'kb'),
        eq(files.kbFunctionId, owner.functionId),
        eq(files.kbResourceTypeId, owner.resourceTypeId),
      )!;
}

export function ownerOfFolder(row: FolderRow): LibraryOwner {
  return row.scope === 'user'
    ? { scope: 'user', userId: row.ownerUserId! }
    : { scope: 'kb', functionId: row.kbFunctionId!, resourceTypeId: row.kbResourceTypeId! };
}

export function ownerOfFile(row: FileRow): LibraryOwner {
  return row.scope === 'user'
    ? { scope: 'user', userId: row.ownerUserId! }
    : { scope: 'kb', functionId: row.kbFunctionId!, resourceTypeId: row.kbResourceTypeId! };
}

export function sameOwner(a: LibraryOwner, b: LibraryOwner): boolean {
  if (a.scope === 'user' && b.scope === 'user') return a.userId === b.userId;
  if (a.scope === 'kb' && b.scope === 'kb')
    return a.functionId === b.functionId && a.resourceTypeId === b.resourceTypeId;
  return false;
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;

export function createLibraryRepository(db: Db) {
  return {
    ownerColumns,

    // ---- folders ----
    async findFolder(id: string, executor: DbExecutor = db): Promise<FolderRow | undefined> {
      const [row] = await executor.select().from(folders).where(eq(folders.id, id));
      return row;
    },

    listFolders(owner: LibraryOwner, parentId: string | null): Promise<FolderRow[]> {
      return db
        .select()
        .from(folders)
        .where(and(folderOwnerFilter(owner), parentId ? eq(folders.parentId, parentId) : isNull(folders.parentId)))
        .orderBy(asc(sql`lower(${folders.name})`));
    },

    listAllFolders(owner: LibraryOwner): Promise<FolderRow[]> {
      return db
        .select()
        .from(folders)
        .where(folderOwnerFilter(owner))
        .orderBy(asc(sql`lower(${folders.name})`));
    },

    async findFolderByName(owner: LibraryOwner, parentId: string | null, name: string, executor: DbExecutor = db) {
      const [row] = await executor
        .select({ id: folders.id })
        .from(folders)
        .where(
          and(
            folderOwnerFilter(owner),
            parentId ? eq(folders.parentId, parentId) : isNull(folders.parentId),
            sql`lower(${folders.name}) = lower(${name})`,
          ),
        );
      return row;
    },

    async insertFolder(owner: LibraryOwner, values: { name: string; parentId: string | null; rootId: string | null }) {
      const id = crypto.randomUUID();
      const [row] = await db
        .insert(folders)
        .values({
          id,
          ...ownerColumns(owner),
          name: values.name,
          parentId: values.parentId,
          rootId: values.rootId ?? id,
        })
        .returning();
      return row!;
    },

    async renameFolder(id: string, name: string): Promise<FolderRow | undefined> {
      const [row] = await db
        .update(folders)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(folders.id, id))
        .returning();
      return row;
    },

    /** The folder and its ancestors, root first. */
    async ancestors(id: string): Promise<{ id: string; name: string }[]> {
      const rows = await queryRows<{ id: string; name: string; depth: number }>(
        db,
        sql`with recursive chain as (
              select id, name, parent_id, 0 as depth from folders where id = ${id}
              union all
              select f.id, f.name, f.parent_id, c.depth + 1 from folders f join chain c on f.id = c.parent_id
              where c.depth < 100
            )
            select id, name, depth from chain order by depth desc`,
      );
      return rows.map((row) => ({ id: row.id, name: row.name }));
    },

    /** Ids of the folder and everything below it. */
    async subtreeIds(id: string, executor: DbExecutor = db): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        executor,
        sql`with recursive tree as (
              select id, 0 as depth from folders where id = ${id}
              union all
              select f.id, t.depth + 1 from folders f join tree t on f.parent_id = t.id where t.depth < 100
            )
            select id from tree`,
      );
      return rows.map((row) => row.id);
    },

    /** Moves a folder (and its subtree's root and branch) under `parentId` (null = top level). */
    async moveFolder(
      id: string,
      target: { parentId: string | null; rootId: string | null; owner: LibraryOwner },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const subtree = await this.subtreeIds(id, tx);
        const rootId = target.rootId ?? id;
        const columns = ownerColumns(target.owner);
        await tx
          .update(folders)
          .set({ parentId: target.parentId, updatedAt: sql`now()` })
          .where(eq(folders.id, id));
        await tx
          .update(folders)
          .set({ rootId, kbFunctionId: columns.kbFunctionId, kbResourceTypeId: columns.kbResourceTypeId })
          .where(inArray(folders.id, subtree));
        await tx
          .update(files)
          .set({ rootFolderId: rootId, kbFunctionId: columns.kbFunctionId, kbResourceTypeId: columns.kbResourceTypeId })
          .where(inArray(files.folderId, subtree));
      });
    },

    /** Deletes the folder with everything in it; returns the storage keys of the deleted files. */
    /**
     * Moves `fromUserId`'s documents into a new top-level folder of `toUserId`, named `folderName`
     * (numbered when the recipient has one of that name): every top-level folder with its subtree,
     * and the files at the top. Trees that hold a folder one of `fromUserId`'s integrations syncs
     * into stay theirs, so a sync never writes into someone else's library. One transaction.
     */
    async transferUserDocuments(
      fromUserId: string,
      toUserId: string,
      folderName: string,
    ): Promise<{ folderId: string | null; files: number }> {
      return db.transaction(async (tx) => {
        const roots = await queryRows<{ id: string }>(
          tx,
          sql`select id from folders
              where scope = 'user' and owner_user_id = ${fromUserId} and parent_id is null
                and id not in (
                  select f.root_id from folders f
                  join integration_connections c on c.folder_id = f.id
                  where c.owner_user_id = ${fromUserId} and f.root_id is not null
                )`,
        );
        const rootIds = roots.map((row) => row.id);
        const [loose] = await queryRows<{ count: number }>(
          tx,
          sql`select count(*)::int as count from files
              where scope = 'user' and owner_user_id = ${fromUserId} and folder_id is null`,
        );
        if (rootIds.length === 0 && (loose?.count ?? 0) === 0) return { folderId: null, files: 0 };

        const taken = await queryRows<{ name: string }>(
          tx,
          sql`select lower(name) as name from folders
              where scope = 'user' and owner_user_id = ${toUserId} and parent_id is null`,
        );
        const names = new Set(taken.map((row) => row.name));
        let name = folderName;
        for (let n = 2; names.has(name.toLowerCase()); n += 1) name = `${folderName} (${n})`;
        const folderId = crypto.randomUUID();
        await tx.insert(folders).values({
          id: folderId,
          ...ownerColumns({ scope: 'user', userId: toUserId }),
          name,
          parentId: null,
          rootId: folderId,
        });

        let moved = 0;
        if (rootIds.length > 0) {
          await tx
            .update(folders)
            .set({ ownerUserId: toUserId, rootId: folderId, updatedAt: sql`now()` })
            .where(inArray(folders.rootId, rootIds));
          await tx.update(folders).set({ parentId: folderId }).where(inArray(folders.id, rootIds));
          const inTrees = await tx
            .update(files)
            .set({ ownerUserId: toUserId, rootFolderId: folderId, updatedAt: sql`now()` })
            .where(and(eq(files.ownerUserId, fromUserId), inArray(files.rootFolderId, rootIds)))
            .returning({ id: files.id });
          moved += inTrees.length;
        }
        const atTop = await tx
          .update(files)
          .set({ ownerUserId: toUserId, folderId, rootFolderId: folderId, updatedAt: sql`now()` })
          .where(and(eq(files.scope, 'user'), eq(files.ownerUserId, fromUserId), isNull(files.folderId)))
          .returning({ id: files.id });
        return { folderId, files: moved + atTop.length };
      });
    },

    /** Which of `keys` a file row points at. */
    async recordedStorageKeys(keys: string[]): Promise<Set<string>> {
      const rows = await db.select({ storageKey: files.storageKey }).from(files).where(inArray(files.storageKey, keys));
      return new Set(rows.map((row) => row.storageKey));
    },

    async deleteFolder(id: string): Promise<{ fileIds: string[]; storageKeys: string[] }> {
      return db.transaction(async (tx) => {
        const subtree = await this.subtreeIds(id, tx);
        const removed = await tx
          .delete(files)
          .where(inArray(files.folderId, subtree))
          .returning({ id: files.id, storageKey: files.storageKey });
        await tx.delete(folders).where(eq(folders.id, id));
        return { fileIds: removed.map((row) => row.id), storageKeys: removed.map((row) => row.storageKey) };
      });
    },

    // ---- files ----
    async findFile(id: string, executor: DbExecutor = db): Promise<FileRow | undefined> {
      const [row] = await executor.select().from(files).where(eq(files.id, id));
      return row;
    },

    listFiles(owner: LibraryOwner, folderId: string | null): Promise<FileRow[]> {
      return db
        .select()
        .from(files)
        .where(and(fileOwnerFilter(owner), folderId ? eq(files.folderId, folderId) : isNull(files.folderId)))
        .orderBy(asc(sql`lower(${files.name})`));
    },

    async findFileByName(owner: LibraryOwner, folderId: string | null, name: string, executor: DbExecutor = db) {
      const [row] = await executor
        .select()
        .from(files)
        .where(
          and(
            fileOwnerFilter(owner),
            folderId ? eq(files.folderId, folderId) : isNull(files.folderId),
            sql`lower(${files.name}) = lower(${name})`,
          ),
        );
      return row;
    },

    async namesLike(owner: LibraryOwner, folderId: string | null, stem: string): Promise<string[]> {
      const rows = await db
        .select({ name: files.name })
        .from(files)
        .where(
          and(
            fileOwnerFilter(owner),
            folderId ? eq(files.folderId, folderId) : isNull(files.folderId),
            sql`lower(${files.name}) like ${`${escapeLike(stem.toLowerCase())}%`}`,
          ),
        );
      return rows.map((row) => row.name);
    },

    /**
     * What a user's library costs the system: the originals' bytes, plus the extracted text kept for
     * the viewer, plus each passage's text and its search vector (the index). Measured, not estimated.
     */
    async storageCost(userId: string): Promise<number> {
      const own = and(eq(files.scope, 'user'), eq(files.ownerUserId, userId));
      const [[originals], [pages], [chunks]] = await Promise.all([
        db
          .select({ bytes: sql<string>`coalesce(sum(${files.sizeBytes}), 0)` })
          .from(files)
          .where(own),
        db
          .select({ bytes: sql<string>`coalesce(sum(octet_length(${filePages.text})), 0)` })
          .from(filePages)
          .innerJoin(files, eq(files.id, filePages.fileId))
          .where(own),
        db
          .select({
            bytes: sql<string>`coalesce(sum(octet_length(${fileChunks.text}) + pg_column_size(${fileChunks.tsv})), 0)`,
          })
          .from(fileChunks)
          .innerJoin(files, eq(files.id, fileChunks.fileId))
          .where(own),
      ]);
      return Number(originals?.bytes ?? 0) + Number(pages?.bytes ?? 0) + Number(chunks?.bytes ?? 0);
    },

    /** What one file costs (its part of `storageCost`). */
    async storageCostOfFile(fileId: string): Promise<number> {
      const [row] = await queryRows<{ bytes: string }>(
        db,
        sql`select
              (select coalesce(sum(${files.sizeBytes}), 0) from ${files} where ${files.id} = ${fileId})
            + (select coalesce(sum(octet_length(${filePages.text})), 0) from ${filePages} where ${filePages.fileId} = ${fileId})
            + (select coalesce(sum(octet_length(${fileChunks.text}) + pg_column_size(${fileChunks.tsv})), 0)
                 from ${fileChunks} where ${fileChunks.fileId} = ${fileId}) as bytes`,
      );
      return Number(row?.bytes ?? 0);
    },

    async usedBytes(userId: string, executor: DbExecutor = db): Promise<number> {
      const [row] = await executor
        .select({ used: sql<string>`coalesce(sum(${files.sizeBytes}), 0)` })
        .from(files)
        .where(and(eq(files.scope, 'user'), eq(files.ownerUserId, userId)));
      return Number(row?.used ?? 0);
    },

    async insertFile(values: NewFile, executor: DbExecutor = db): Promise<FileRow> {
      const [row] = await executor.insert(files).values(values).returning();
      return row!;
    },

    async updateFile(id: string, values: Partial<NewFile>, executor: DbExecutor = db): Promise<FileRow | undefined> {
      const [row] = await executor
        .update(files)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(files.id, id))
        .returning();
      return row;
    },

    /** Ready files whose passages an older chunker cut, the knowledge base first, oldest first. */
    async findOutdatedChunking(version: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.status, 'ready'), lt(files.chunkerVersion, version)))
        .orderBy(sql`case when ${files.scope} = 'kb' then 0 else 1 end`, asc(files.createdAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Queues a re-index of a file still ready and still cut by an older chunker (another instance may have queued it). */
    async requeueOutdated(
      id: string,
      version: number,
      jobId: string,
      executor: DbExecutor = db,
    ): Promise<FileRow | undefined> {
      const [row] = await executor
        .update(files)
        .set({ status: 'pending', ingestJobId: jobId, updatedAt: sql`now()` })
        .where(and(eq(files.id, id), eq(files.status, 'ready'), lt(files.chunkerVersion, version)))
        .returning();
      return row;
    },

    /** Only moves the status forward from the expected one: a newer upload or a delete wins. */
    async markSynching(id: string, jobId: string): Promise<FileRow | undefined> {
      const [row] = await db
        .update(files)
        .set({ status: 'synching', updatedAt: sql`now()` })
        .where(and(eq(files.id, id), eq(files.ingestJobId, jobId)))
        .returning();
      return row;
    },

    async markFailed(id: string, jobId: string | null, failure: { code: string; reason: string }) {
      const [row] = await db
        .update(files)
        .set({
          status: 'failed',
          failureCode: failure.code,
          failureReason: failure.reason.slice(0, 2_000),
          processedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(jobId ? and(eq(files.id, id), eq(files.ingestJobId, jobId)) : eq(files.id, id))
        .returning();
      return row;
    },

    async markPending(id: string, jobId: string) {
      await db
        .update(files)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(and(eq(files.id, id), eq(files.ingestJobId, jobId)));
    },

    async deleteFile(id: string): Promise<FileRow | undefined> {
      const [row] = await db.delete(files).where(eq(files.id, id)).returning();
      return row;
    },

    pages(fileId: string) {
      return db
        .select({ number: filePages.number, text: filePages.text })
        .from(filePages)
        .where(eq(filePages.fileId, fileId))
        .orderBy(asc(filePages.number));
    },

    /** Files left pending or synching although their ingestion job failed for good or is gone. */
    async findStuck(): Promise<{ id: string; lastError: string | null }[]> {
      return queryRows<{ id: string; lastError: string | null }>(
        db,
        sql`select f.id, j.last_error as "lastError"
            from files f left join jobs j on j.id = f.ingest_job_id
            where f.status in ('pending', 'synching')
              and (j.id is null or j.status in ('failed', 'done'))
              and f.updated_at < now() - interval '5 seconds'`,
      );
    },

    /** Name search over one library. */
    searchByName(owner: LibraryOwner, query: string, limit: number) {
      const pattern = `%${escapeLike(query.toLowerCase())}%`;
      return Promise.all([
        db
          .select()
          .from(files)
          .where(and(fileOwnerFilter(owner), sql`lower(${files.name}) like ${pattern}`))
          .orderBy(asc(sql`lower(${files.name})`))
          .limit(limit),
        db
          .select()
          .from(folders)
          .where(and(folderOwnerFilter(owner), sql`lower(${folders.name}) like ${pattern}`))
          .orderBy(asc(sql`lower(${folders.name})`))
          .limit(limit),
      ]);
    },
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
