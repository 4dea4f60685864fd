import type { DatabaseHandle, WriteGeneration } from './client.ts';

/**
 * Results of frequent reads kept in memory while none of the tables they read has been written
 * (ADR 029, ADR 030):
 * - PGlite: this process is the database's one client and sees every write
 *   (`DatabaseHandle.writeGeneration`).
 * - PostgreSQL without REDIS_URL: one instance, so its own statements are every write the app makes
 *   (`ownWriteGeneration`); a result is also read again after `maxAgeMs`, for a row changed by hand.
 * - PostgreSQL with REDIS_URL: other instances and workers write too, so every call reads the database.
 *
 * What a read returns is shared by every later caller until a write: it is frozen (the array and each
 * row), so a caller that tried to change it would fail loudly instead of changing it for the others.
 */
export interface ReadMemory {
  /** `load()`'s result for `key`, from memory while no table in `tables` was written since it was read. */
  read<T extends readonly object[]>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T>;
}

interface Entry {
  value: readonly object[];
  stamp: number;
  readAt: number;
}

/** On PostgreSQL, how long a result may be served without a write seen (a row changed outside the app). */
export const OWN_WRITES_MAX_AGE_MS = 30_000;

/**
 * The write generation that covers every write the app makes on this database, and how long
 * something read may be trusted without a write seen; undefined when other processes write too.
 */
export function trustedWritesOf(
  database: DatabaseHandle,
  config: { redisUrl: string | undefined },
): { generation: WriteGeneration; maxAgeMs: number } | undefined {
  if (database.writeGeneration) return { generation: database.writeGeneration, maxAgeMs: Infinity };
  if (database.ownWriteGeneration && !config.redisUrl) {
    return { generation: database.ownWriteGeneration, maxAgeMs: OWN_WRITES_MAX_AGE_MS };
  }
  return undefined;
}

/** The read memory a module should use on this database (see ReadMemory). */
export function readMemoryFor(database: DatabaseHandle, config: { redisUrl: string | undefined }): ReadMemory {
  const trusted = trustedWritesOf(database, config);
  return trusted ? createReadMemory(trusted.generation, { maxAgeMs: trusted.maxAgeMs }) : createReadMemory(undefined);
}

export function createReadMemory(
  generation: WriteGeneration | undefined,
  { maxEntries = 2_000, maxAgeMs = Infinity }: { maxEntries?: number; maxAgeMs?: number } = {},
): ReadMemory {
  if (!generation) return { read: (_key, _tables, load) => load() };
  const entries = new Map<string, Entry>();
  // The sum of the tables' generations moves whenever one of them does: each only ever grows.
  const stampOf = (tables: readonly string[]) => tables.reduce((sum, table) => sum + generation.of(table), 0);

  return {
    async read(key, tables, load) {
      const fullKey = `${tables.join(',')}\u0000${key}`;
      const before = stampOf(tables);
      const entry = entries.get(fullKey);
      const now = maxAgeMs === Infinity ? 0 : performance.now();
      if (entry && entry.stamp === before && now - entry.readAt <= maxAgeMs) {
        return entry.value as Awaited<ReturnType<typeof load>>;
      }
      const value = await load();
      // Kept only when nothing was written while it was read: such a write moved the stamp.
      if (stampOf(tables) === before) {
        entries.delete(fullKey);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        for (const row of value) Object.freeze(row);
        entries.set(fullKey, { value: Object.freeze(value), stamp: before, readAt: now });
      }
      return value;
    },
  };
}
