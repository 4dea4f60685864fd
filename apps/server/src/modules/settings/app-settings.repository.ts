import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema/app-settings.ts';

export type AppSettingsRepository = ReturnType<typeof createAppSettingsRepository>;

export function createAppSettingsRepository(db: Db) {
  return {
    async get(key: string): Promise<unknown> {
      const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
      return row?.value;
    },

    async set(key: string, value: unknown): Promise<void> {
      await db
        .insert(appSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
    },

    /** Stores `value` unless the key exists; returns what is stored (first writer wins across processes). */
    async getOrInsert(key: string, value: unknown): Promise<unknown> {
      await db.insert(appSettings).values({ key, value }).onConflictDoNothing({ target: appSettings.key });
      return this.get(key);
    },
  };
}
