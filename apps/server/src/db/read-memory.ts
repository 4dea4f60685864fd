import type { WriteGeneration } from './client.ts';

/**
 * Results of frequent reads kept in memory while none of the tables they read has been written
 * (ADR 029). Only on the embedded PGlite, where this process is the database's one client and sees
 * every write (`DatabaseHandle.writeGeneration`); on PostgreSQL other processes write too, so every
 * call reads the database.
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
}

export function createReadMemory(
  generation: WriteGeneration | undefined,
  { maxEntries = 2_000 }: { maxEntries?: number } = {},
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
      if (entry && entry.stamp === before) return entry.value as Awaited<ReturnType<typeof load>>;
      const value = await load();
      // Kept only when nothing was written while it was read: such a write moved the stamp.
      if (stampOf(tables) === before) {
        entries.delete(fullKey);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        for (const row of value) Object.freeze(row);
        entries.set(fullKey, { value: Object.freeze(value), stamp: before });
      }
      return value;
    },
  };
}
