import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assistants } from '../../db/schema/index.ts';

export type AssistantRow = typeof assistants.$inferSelect;
export type NewAssistant = typeof assistants.$inferInsert;

export function createAssistantsRepository(db: Db) {
  return {
    list: () => db.select().from(assistants).orderBy(asc(assistants.position), asc(assistants.name)),
    async find(id: string): Promise<AssistantRow | undefined> {
      const [row] = await db.select().from(assistants).where(eq(assistants.id, id));
      return row;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(assistants);
      return row?.count ?? 0;
    },
    /** Inserts the seed rows that are missing (by slug); existing ones keep their admin edits. */
    async insertMissing(rows: NewAssistant[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(assistants).values(rows).onConflictDoNothing({ target: assistants.slug });
    },
    async update(id: string, changes: Partial<NewAssistant>): Promise<AssistantRow | undefined> {
      const [row] = await db
        .update(assistants)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(assistants.id, id))
        .returning();
      return row;
    },
  };
}

export type AssistantsRepository = ReturnType<typeof createAssistantsRepository>;
