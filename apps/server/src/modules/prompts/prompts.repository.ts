import type { Placeholder, PromptCategoryIcon, PromptSort } from '@compliance/shared/prompts';
import { and, asc, desc, eq, ilike, inArray, isNull, lte, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { promptCategories, promptRuns, prompts, promptVersions } from '../../db/schema/index.ts';
import { sameContent } from './prompts.mappers.ts';

export type PromptCategoryRow = typeof promptCategories.$inferSelect;
export type PromptRow = typeof prompts.$inferSelect;
export type PromptVersionRow = typeof promptVersions.$inferSelect;

/** What a prompt says: the part every save keeps as a version. */
export interface PromptContent {
  title: string;
  instructions: string;
  placeholders: Placeholder[];
}

export interface NewPrompt extends PromptContent {
  categoryId: string | null;
  favourite: boolean;
  /** Its history, oldest first; the last one is the current content. At least one. */
  versions: { content: PromptContent; message: string | null; createdAt?: Date }[];
}

export interface PromptListFilter {
  q?: string;
  /** A category id, or null for the prompts in no category; undefined for all. */
  categoryId?: string | null;
  favourites?: boolean;
  sort: PromptSort;
}

const EXCERPT_LENGTH = 240;
/** Rows per INSERT when importing a whole library. */
const INSERT_CHUNK = 500;

function escapeLike(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const orderings: Record<PromptSort, SQL[]> = {
  updated: [desc(prompts.updatedAt)],
  created: [desc(prompts.createdAt)],
  title: [asc(sql`lower(${prompts.title})`), asc(prompts.createdAt)],
  lastUsed: [sql`${prompts.lastUsedAt} desc nulls last`, desc(prompts.updatedAt)],
  mostUsed: [desc(prompts.useCount), desc(prompts.updatedAt)],
};

/**
 * Serialises the writes of one user that check a limit first (count, then insert), so two
 * concurrent requests cannot both pass the check. Released when the transaction ends.
 */
async function lockUser(tx: DbExecutor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`prompts:${userId}`}, 0))`);
}

async function countOf(tx: DbExecutor, table: typeof prompts | typeof promptCategories, userId: string) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.userId, userId));
  return row?.count ?? 0;
}

async function insertPrompts(tx: DbExecutor, userId: string, items: NewPrompt[]): Promise<PromptRow[]> {
  const inserted: PromptRow[] = [];
  for (let start = 0; start < items.length; start += INSERT_CHUNK) {
    const chunk = items.slice(start, start + INSERT_CHUNK);
    const rows = await tx
      .insert(prompts)
      .values(
        chunk.map((item) => ({
          userId,
          categoryId: item.categoryId,
          title: item.title,
          instructions: item.instructions,
          placeholders: item.placeholders,
          favourite: item.favourite,
          version: item.versions.length,
        })),
      )
      .returning();
    inserted.push(...rows);
  }
  const versions = inserted.flatMap((row, index) =>
    (items[index]?.versions ?? []).map((version, position) => ({
      promptId: row.id,
      version: position + 1,
      ...version.content,
      message: version.message,
      ...(version.createdAt ? { createdAt: version.createdAt } : {}),
    })),
  );
  for (let start = 0; start < versions.length; start += INSERT_CHUNK) {
    await tx.insert(promptVersions).values(versions.slice(start, start + INSERT_CHUNK));
  }
  return inserted;
}

/** Prompts, their versions and categories. Every read and write is scoped to the owning user. */
export function createPromptsRepository(db: Db) {
  return {
    // ---- categories ----

    async listCategories(userId: string) {
      return db
        .select({
          category: promptCategories,
          promptCount: sql<number>`count(${prompts.id})::int`,
        })
        .from(promptCategories)
        .leftJoin(prompts, eq(prompts.categoryId, promptCategories.id))
        .where(eq(promptCategories.userId, userId))
        .groupBy(promptCategories.id)
        .orderBy(asc(promptCategories.position), asc(promptCategories.createdAt));
    },

    async counts(userId: string) {
      const [row] = await db
        .select({
          all: sql<number>`count(*)::int`,
          favourites: sql<number>`(count(*) filter (where ${prompts.favourite}))::int`,
          uncategorised: sql<number>`(count(*) filter (where ${prompts.categoryId} is null))::int`,
        })
        .from(prompts)
        .where(eq(prompts.userId, userId));
      return row ?? { all: 0, favourites: 0, uncategorised: 0 };
    },

    async findCategory(userId: string, id: string): Promise<PromptCategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(promptCategories)
        .where(and(eq(promptCategories.id, id), eq(promptCategories.userId, userId)));
      return row;
    },

    /** Another category of the user with this name, whatever its case. */
    async findCategoryByName(userId: string, name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: promptCategories.id })
        .from(promptCategories)
        .where(
          and(
            eq(promptCategories.userId, userId),
            sql`lower(${promptCategories.name}) = lower(${name})`,
            exceptId ? sql`${promptCategories.id} <> ${exceptId}` : undefined,
          ),
        );
      return row;
    },

    /** Adds a category at the end of the list; null when the user already has `limit` of them. */
    async insertCategory(
      userId: string,
      values: { name: string; icon: PromptCategoryIcon; description: string },
      limit: number,
    ): Promise<PromptCategoryRow | null> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        if ((await countOf(tx, promptCategories, userId)) >= limit) return null;
        const [last] = await tx
          .select({ position: max(promptCategories.position) })
          .from(promptCategories)
          .where(eq(promptCategories.userId, userId));
        const [row] = await tx
          .insert(promptCategories)
          .values({ userId, ...values, position: (last?.position ?? -1) + 1 })
          .returning();
        if (!row) throw new Error('Inserting a prompt category returned no row');
        return row;
      });
    },

    async updateCategory(
      userId: string,
      id: string,
      changes: Partial<Pick<PromptCategoryRow, 'name' | 'icon' | 'description'>>,
    ): Promise<PromptCategoryRow | undefined> {
      const [row] = await db
        .update(promptCategories)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(promptCategories.id, id), eq(promptCategories.userId, userId)))
        .returning();
      return row;
    },

    /** Deletes a category, first moving its prompts (to `targetId`, or to none) or deleting them. */
    async deleteCategory(
      userId: string,
      id: string,
      prompts_: { mode: 'move'; targetId: string | null } | { mode: 'delete' },
    ): Promise<{ deleted: boolean; prompts: number }> {
      return db.transaction(async (tx) => {
        const inCategory = and(eq(prompts.userId, userId), eq(prompts.categoryId, id));
        const affected =
          prompts_.mode === 'move'
            ? await tx
                .update(prompts)
                .set({ categoryId: prompts_.targetId })
                .where(inCategory)
                .returning({ id: prompts.id })
            : await tx.delete(prompts).where(inCategory).returning({ id: prompts.id });
        const deleted = await tx
          .delete(promptCategories)
          .where(and(eq(promptCategories.id, id), eq(promptCategories.userId, userId)))
          .returning({ id: promptCategories.id });
        return { deleted: deleted.length > 0, prompts: affected.length };
      });
    },

    async categoryPromptCount(userId: string, id: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(prompts)
        .where(and(eq(prompts.userId, userId), eq(prompts.categoryId, id)));
      return row?.count ?? 0;
    },

    async categoryIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: promptCategories.id })
        .from(promptCategories)
        .where(eq(promptCategories.userId, userId));
      return rows.map((row) => row.id);
    },

    /** Gives each category its index in `ids` as its position. */
    async reorderCategories(userId: string, ids: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [position, id] of ids.entries()) {
          await tx
            .update(promptCategories)
            .set({ position })
            .where(and(eq(promptCategories.id, id), eq(promptCategories.userId, userId)));
        }
      });
    },

    // ---- prompts ----

    async listPrompts(userId: string, filter: PromptListFilter) {
      const conditions: (SQL | undefined)[] = [eq(prompts.userId, userId)];
      if (filter.q) {
        const pattern = escapeLike(filter.q);
        conditions.push(or(ilike(prompts.title, pattern), ilike(prompts.instructions, pattern)));
      }
      if (filter.categoryId === null) conditions.push(isNull(prompts.categoryId));
      else if (filter.categoryId !== undefined) conditions.push(eq(prompts.categoryId, filter.categoryId));
      if (filter.favourites) conditions.push(eq(prompts.favourite, true));
      return db
        .select({
          id: prompts.id,
          title: prompts.title,
          excerpt: sql<string>`left(${prompts.instructions}, ${EXCERPT_LENGTH})`,
          categoryId: prompts.categoryId,
          favourite: prompts.favourite,
          placeholders: prompts.placeholders,
          version: prompts.version,
          useCount: prompts.useCount,
          lastUsedAt: prompts.lastUsedAt,
          createdAt: prompts.createdAt,
          updatedAt: prompts.updatedAt,
        })
        .from(prompts)
        .where(and(...conditions))
        .orderBy(...orderings[filter.sort]);
    },

    /** The full prompts of one of the user's categories, by title (what publishing a category copies). */
    async promptsInCategory(userId: string, categoryId: string): Promise<PromptRow[]> {
      return db
        .select()
        .from(prompts)
        .where(and(eq(prompts.userId, userId), eq(prompts.categoryId, categoryId)))
        .orderBy(asc(prompts.title), asc(prompts.id));
    },

    /** Records one use of a prompt (its version and values); returns the run's id. */
    async insertRun(run: typeof promptRuns.$inferInsert): Promise<string> {
      const [row] = await db.insert(promptRuns).values(run).returning({ id: promptRuns.id });
      return row!.id;
    },

    async findPrompt(userId: string, id: string): Promise<PromptRow | undefined> {
      const [row] = await db
        .select()
        .from(prompts)
        .where(and(eq(prompts.id, id), eq(prompts.userId, userId)));
      return row;
    },

    /**
     * Adds prompts (with their versions) and the categories they need (matched by name, whatever
     * the case), in one transaction. When the user would pass a limit, nothing is written.
     */
    async insertLibrary(
      userId: string,
      input: {
        categories: { name: string; icon: PromptCategoryIcon; description: string }[];
        /** Each prompt's category as an index into `categories`, or null. */
        prompts: (Omit<NewPrompt, 'categoryId'> & { category: number | null })[];
      },
      limits: { prompts: number; categories: number },
    ): Promise<
      | { prompts: PromptRow[]; createdCategories: number; mergedCategories: number }
      | { limit: 'prompts' | 'categories' }
    > {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const existing = await tx
          .select({ id: promptCategories.id, name: promptCategories.name, position: promptCategories.position })
          .from(promptCategories)
          .where(eq(promptCategories.userId, userId));
        const byName = new Map(existing.map((row) => [row.name.toLowerCase(), row.id]));
        const missing = input.categories.filter((category) => !byName.has(category.name.toLowerCase()));
        const promptCount = await countOf(tx, prompts, userId);
        if (promptCount + input.prompts.length > limits.prompts) return { limit: 'prompts' };
        if (existing.length + missing.length > limits.categories) return { limit: 'categories' };

        let position = Math.max(-1, ...existing.map((row) => row.position)) + 1;
        if (missing.length > 0) {
          const created = await tx
            .insert(promptCategories)
            .values(missing.map((category) => ({ userId, ...category, position: position++ })))
            .returning({ id: promptCategories.id, name: promptCategories.name });
          for (const row of created) byName.set(row.name.toLowerCase(), row.id);
        }
        const categoryIds = input.categories.map((category) => byName.get(category.name.toLowerCase()) ?? null);
        const rows = await insertPrompts(
          tx,
          userId,
          input.prompts.map(({ category, ...prompt }) => ({
            ...prompt,
            categoryId: category === null ? null : (categoryIds[category] ?? null),
          })),
        );
        return {
          prompts: rows,
          createdCategories: missing.length,
          mergedCategories: input.categories.length - missing.length,
        };
      });
    },

    /** One new prompt with its first version; null when the user already has `limit` prompts. */
    async insertPrompt(userId: string, prompt: NewPrompt, limit: number): Promise<PromptRow | null> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        if ((await countOf(tx, prompts, userId)) >= limit) return null;
        const [row] = await insertPrompts(tx, userId, [prompt]);
        if (!row) throw new Error('Inserting a prompt returned no row');
        return row;
      });
    },

    /**
     * Saves new content (and category). A change of content becomes the next version; versions
     * older than the newest `keepVersions` are dropped. Unchanged content keeps the version.
     */
    async saveContent(
      userId: string,
      id: string,
      input: PromptContent & { categoryId: string | null },
      version: { message: string | null; restoredFrom: number | null; keepVersions: number },
    ): Promise<PromptRow | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(prompts)
          .where(and(eq(prompts.id, id), eq(prompts.userId, userId)))
          .for('update');
        if (!current) return undefined;
        const content: PromptContent = {
          title: input.title,
          instructions: input.instructions,
          placeholders: input.placeholders,
        };
        if (sameContent(current, content)) {
          if (current.categoryId === input.categoryId) return current;
          const [row] = await tx
            .update(prompts)
            .set({ categoryId: input.categoryId, updatedAt: new Date() })
            .where(eq(prompts.id, id))
            .returning();
          return row;
        }
        const next = current.version + 1;
        await tx.insert(promptVersions).values({
          promptId: id,
          version: next,
          ...content,
          message: version.message,
          restoredFrom: version.restoredFrom,
        });
        await tx
          .delete(promptVersions)
          .where(and(eq(promptVersions.promptId, id), lte(promptVersions.version, next - version.keepVersions)));
        const [row] = await tx
          .update(prompts)
          .set({ ...content, categoryId: input.categoryId, version: next, updatedAt: new Date() })
          .where(eq(prompts.id, id))
          .returning();
        return row;
      });
    },

    /** Favourite or category: changes that keep no version and leave "last updated" alone. */
    async updatePrompt(
      userId: string,
      id: string,
      changes: Partial<Pick<PromptRow, 'favourite' | 'categoryId'>>,
    ): Promise<PromptRow | undefined> {
      const owned = and(eq(prompts.id, id), eq(prompts.userId, userId));
      const [row] =
        Object.keys(changes).length === 0
          ? await db.select().from(prompts).where(owned)
          : await db.update(prompts).set(changes).where(owned).returning();
      return row;
    },

    async deletePrompt(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(prompts)
        .where(and(eq(prompts.id, id), eq(prompts.userId, userId)))
        .returning({ id: prompts.id });
      return rows.length > 0;
    },

    async recordUse(userId: string, id: string): Promise<void> {
      await db
        .update(prompts)
        .set({ useCount: sql`${prompts.useCount} + 1`, lastUsedAt: new Date() })
        .where(and(eq(prompts.id, id), eq(prompts.userId, userId)));
    },

    // ---- versions ----

    /** A prompt's versions, newest first (only when the prompt is the user's). */
    async listVersions(userId: string, promptId: string): Promise<PromptVersionRow[]> {
      return db
        .select({ version: promptVersions })
        .from(promptVersions)
        .innerJoin(prompts, eq(prompts.id, promptVersions.promptId))
        .where(and(eq(promptVersions.promptId, promptId), eq(prompts.userId, userId)))
        .orderBy(desc(promptVersions.version))
        .then((rows) => rows.map((row) => row.version));
    },

    async findVersion(userId: string, promptId: string, version: number): Promise<PromptVersionRow | undefined> {
      const [row] = await db
        .select({ version: promptVersions })
        .from(promptVersions)
        .innerJoin(prompts, eq(prompts.id, promptVersions.promptId))
        .where(
          and(eq(promptVersions.promptId, promptId), eq(promptVersions.version, version), eq(prompts.userId, userId)),
        );
      return row?.version;
    },

    // ---- export ----

    /** The whole library: categories in order, prompts oldest first, each with its versions (oldest first). */
    async exportLibrary(userId: string) {
      const categories = await db
        .select()
        .from(promptCategories)
        .where(eq(promptCategories.userId, userId))
        .orderBy(asc(promptCategories.position), asc(promptCategories.createdAt));
      const promptRows = await db
        .select()
        .from(prompts)
        .where(eq(prompts.userId, userId))
        .orderBy(asc(prompts.createdAt), asc(prompts.id));
      const ids = promptRows.map((row) => row.id);
      const versionRows =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(promptVersions)
              .where(inArray(promptVersions.promptId, ids))
              .orderBy(asc(promptVersions.promptId), asc(promptVersions.version));
      const versionsOf = new Map<string, PromptVersionRow[]>();
      for (const row of versionRows) {
        const list = versionsOf.get(row.promptId) ?? [];
        list.push(row);
        versionsOf.set(row.promptId, list);
      }
      return {
        categories,
        prompts: promptRows.map((row) => ({ prompt: row, versions: versionsOf.get(row.id) ?? [] })),
      };
    },
  };
}

export type PromptsRepository = ReturnType<typeof createPromptsRepository>;
