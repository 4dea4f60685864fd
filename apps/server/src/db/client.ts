import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { textOf, watchPoolWrites } from './pool-writes.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. Repositories take this (or a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Lets a repository run inside a caller's transaction: pass `tx` where `db` would go. */
export type DbExecutor = Db | DbTransaction;

/**
 * Runs raw SQL (full-text ranking, CTEs, …) and returns its rows. `db.execute()` is typed `unknown`
 * because the two drivers wrap results differently; both carry `rows`.
 */
export async function queryRows<Row extends Record<string, unknown>>(executor: DbExecutor, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as { rows: Row[] };
  return result.rows;
}

export type DatabaseDriver = 'pglite' | 'postgres';

/** An open database and its lifecycle. Only the db plugin, tests and scripts hold one. */
export interface DatabaseHandle {
  readonly driver: DatabaseDriver;
  readonly db: Db;
  /** Where the data lives, for logs (never contains a password). */
  readonly location: string;
  /** Applies the committed migrations that are not applied yet. Safe to call from several processes. */
  migrate(): Promise<void>;
  /** Rejects when the database cannot answer a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  /** Flushes and closes. Safe to call more than once. */
  close(): Promise<void>;
  /**
   * PGlite only, where this process is the database's one client (the DATA_DIR lock): numbers that
   * change before and after every statement that may write. Something read while they did not change
   * is still what the database holds. Undefined on PostgreSQL, where other processes write too.
   */
  readonly writeGeneration?: WriteGeneration;
  /**
   * PostgreSQL only: the same numbers, moved by this process's own statements (its pool is watched).
   * They cover every write only while no other process writes: a single instance without REDIS_URL
   * (docs/deployment.md); with REDIS_URL, other instances and workers write too.
   */
  readonly ownWriteGeneration?: WriteGeneration;
}

/**
 * `writeGeneration()` moves with every write; `writeGeneration.of(table)` only with the writes that
 * may change `table`: an INSERT, UPDATE or DELETE naming it, and every statement whose effects are not
 * known from its text alone (an UPDATE or DELETE that a cascading foreign key carries to other tables,
 * a write to a table with triggers, a CTE, `exec`, migrations). Tables are compared by their unquoted name.
 */
export interface WriteGeneration {
  (): number;
  of(table: string): number;
}

export interface PgliteDatabaseHandle extends DatabaseHandle {
  /** A tarball of the whole data directory: a consistent backup, loadable with `loadDataDir`. */
  dumpDataDir(): Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** Errors of idle pooled connections (PostgreSQL restarts, network drops) that would otherwise crash the process. */
  onBackgroundError?: (error: Error) => void;
  /** Called when the PGlite lock of a dead process was taken over. */
  onStaleLockTakenOver?: (pid: number) => void;
}

/** PostgreSQL when a URL is given, else the embedded PGlite in `dataDir/pgdata`. */
export function openDatabase(
  { databaseUrl, dataDir }: { databaseUrl: string | undefined; dataDir: string },
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  return databaseUrl ? openPostgresDatabase(databaseUrl, options) : openPgliteDatabase({ dataDir }, options);
}

/**
 * PostgreSQL's own memory inside PGlite's WASM heap, which grows but never shrinks. The defaults
 * (128 MB of shared buffers, 64 MB for each index build) suit a dedicated database server; here the
 * pages that do not fit stay in the operating system's file cache, which is shared and reclaimable.
 * Measured in docs/performance.md ("Memory").
 */
const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=32MB',
  '-c',
  'maintenance_work_mem=16MB',
];

/**
 * Embedded PostgreSQL (WASM). With `dataDir`, data is kept in `dataDir/pgdata` under an exclusive
 * lock on `dataDir`; without it, the database lives in memory (tests). `loadDataDir` starts a new
 * database from a `dumpDataDir()` archive (a backup, or the tests' migrated template).
 */
export async function openPgliteDatabase(
  { dataDir, loadDataDir }: { dataDir?: string; loadDataDir?: Blob } = {},
  options: OpenDatabaseOptions = {},
): Promise<PgliteDatabaseHandle> {
  const lock = dataDir ? acquireDataDirLock(dataDir) : undefined;
  if (lock?.tookOverFromPid !== undefined) options.onStaleLockTakenOver?.(lock.tookOverFromPid);
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
      loadDataDir,
      startParams: pgliteStartParams,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const writeGeneration = wrapPgliteClient(client);
  const db = drizzlePglite({ client, schema });
  await writeGeneration.learnSchema();

  const handle = createHandle({
    driver: 'pglite',
    db,
    writeGeneration,
    location: dataDir ? path.join(dataDir, 'pgdata') : 'memory',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await writeGeneration.learnSchema();
    },
    close: async () => {
      try {
        // fsync is off in PGlite: a checkpoint writes everything to the data files before we stop.
        if (!client.closed) {
          await client.exec('CHECKPOINT');
          await client.close();
        }
      } finally {
        lock?.release();
      }
    },
  });
  return { ...handle, dumpDataDir: () => client.dumpDataDir('none') };
}

/** The parsers drizzle passes with every PGlite query: dates, intervals and their arrays stay text. */
const drizzleParserTypes = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const keepText = (value: string) => value;

const selectStatement = /^\s*select\b/i;
const cteStatement = /^\s*with\b/i;
const dataModifyingWord = /\b(insert|update|delete|merge)\b/i;
/** Statements that change no table's rows: transaction control and settings. */
const controlStatement = /^\s*(show|set|reset|savepoint|release|begin|start|commit|end|rollback)\b/i;

/**
 * A SELECT, or a WITH query none of whose parts may write (the search's ranking is one): reading it
 * must not count as a write, or every search would empty every remembered read. A WITH query that
 * writes moves the tables its parts write (`targetsOf`).
 */
const isReadOnly = (text: string) =>
  selectStatement.test(text) || (cteStatement.test(text) && !dataModifyingWord.test(text));
const writesNoRows = (text: string) => isReadOnly(text) || controlStatement.test(text);
/**
 * The verb and table of each INSERT, UPDATE or DELETE of a statement, the parts of a WITH query
 * included, as drizzle and hand-written SQL spell them (an upsert's "do update" is not one).
 */
const eachWrite = /\b(insert\s+into|(?<!\bdo\s+)update|delete\s+from)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?[\s(]/gi;
/** Every word that may start a write: each must be one of the writes read, or the statement may write anywhere. */
const writingWord = /\b(insert|(?<!\bdo\s+)update|delete|merge)\b/gi;
const upsertUpdate = /\bon\s+conflict\b[\s\S]*\bdo\s+update\b/i;

/**
 * Tables whose UPDATE, or DELETE, can change rows elsewhere: foreign keys with ON UPDATE (ON DELETE)
 * CASCADE, SET NULL or SET DEFAULT point at them. Read from the catalog, so a new migration counts.
 */
const cascadingTablesQuery = `
  select c.relname as name,
    bool_or(f.confupdtype in ('c', 'n', 'd')) as "onUpdate",
    bool_or(f.confdeltype in ('c', 'n', 'd')) as "onDelete"
  from pg_constraint f join pg_class c on c.oid = f.confrelid
  where f.contype = 'f'
  group by c.relname`;
/** Tables with triggers of their own: a write to them may write anywhere. */
const triggeredTablesQuery = `
  select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal`;

export interface WriteCounter {
  generation: WriteGeneration;
  /**
   * The tables a statement's INSERTs, UPDATEs and DELETEs write (a WITH query may hold several), or
   * null when it may write others too (or is not known).
   */
  targetsOf(text: string): readonly string[] | null;
  /** Moves the generation of `tables`, or of every table for null. */
  bump(tables: readonly string[] | null): void;
  /** Reads which tables spread their writes (cascading foreign keys, triggers) from the catalog. */
  learnSchema(query: <R>(text: string) => Promise<R[]>): Promise<void>;
}

/** The counts behind a WriteGeneration, moved by whoever sees the statements (PGlite's client, a watched pool). */
export function createWriteCounter(): WriteCounter {
  let all = 0;
  let everyTable = 0;
  const perTable = new Map<string, number>();
  // Until the catalog has been read, every write counts for every table.
  let spreads: { update: ReadonlySet<string>; delete: ReadonlySet<string>; triggered: ReadonlySet<string> } | null =
    null;

  return {
    generation: Object.assign(() => all, {
      of: (table: string) => everyTable + (perTable.get(table) ?? 0),
    }),
    targetsOf(text) {
      if (!spreads) return null;
      const writes = [...text.matchAll(eachWrite)];
      if (writes.length === 0 || writes.length !== text.match(writingWord)?.length) return null;
      // An upsert's DO UPDATE is an update: a changed key can cascade like one.
      const upserts = upsertUpdate.test(text);
      const tables: string[] = [];
      for (const [, verbText, tableText] of writes) {
        const verb = verbText!.toLowerCase();
        const table = tableText!.toLowerCase();
        if (spreads.triggered.has(table)) return null;
        const updates = verb === 'update' || (verb.startsWith('insert') && upserts);
        if (updates || !verb.startsWith('insert')) {
          if ((updates ? spreads.update : spreads.delete).has(table)) return null;
        }
        tables.push(table);
      }
      return tables;
    },
    bump(tables) {
      all += 1;
      if (tables === null) everyTable += 1;
      else for (const table of tables) perTable.set(table, (perTable.get(table) ?? 0) + 1);
    },
    async learnSchema(query) {
      const rows = await query<{ name: string; onUpdate: boolean; onDelete: boolean }>(cascadingTablesQuery);
      const triggered = await query<{ name: string }>(triggeredTablesQuery);
      spreads = {
        update: new Set(rows.filter((row) => row.onUpdate).map((row) => row.name)),
        delete: new Set(rows.filter((row) => row.onDelete).map((row) => row.name)),
        triggered: new Set(triggered.map((row) => row.name)),
      };
    },
  };
}

/**
 * Two things around the PGlite client, returning its write generation:
 * - Drizzle passes its parsers (a few types kept as text) with each query, and PGlite merges them into
 *   a new copy of its 300-odd type parsers every time: about 0.13 ms per query, on the main thread. The
 *   client is given the same parsers once instead, and a query's own parsers are left out when they
 *   are exactly drizzle's set; any other set goes through as before.
 * - The write generation (see WriteGeneration) moves before and after each statement that is not a
 *   plain SELECT, and the tables a transaction wrote move again when it ends, since its writes become
 *   visible then. Nothing else can run between a transaction's statements (one connection).
 */
function wrapPgliteClient(client: PGlite): WriteGeneration & { learnSchema(): Promise<void> } {
  const counter = createWriteCounter();
  const { targetsOf, bump } = counter;
  const around = async <T>(tables: readonly string[] | null, run: () => Promise<T>): Promise<T> => {
    bump(tables);
    try {
      return await run();
    } finally {
      bump(tables);
    }
  };

  for (const type of drizzleParserTypes) client.parsers[type] = keepText;
  const isDrizzleSet = (parsers: QueryOptions['parsers']) => {
    if (!parsers) return false;
    const keys = Object.keys(parsers);
    return keys.length === drizzleParserTypes.length && drizzleParserTypes.every((type) => type in parsers);
  };
  const withoutDrizzleParsers = (options: QueryOptions | undefined) => {
    if (!options || !isDrizzleSet(options.parsers)) return options;
    const { parsers: _parsers, ...rest } = options;
    return rest;
  };
  const query = client.query.bind(client);
  client.query = (text, params, options) =>
    isReadOnly(text)
      ? query(text, params, withoutDrizzleParsers(options))
      : around(targetsOf(text), () => query(text, params, withoutDrizzleParsers(options)));
  const exec = client.exec.bind(client);
  client.exec = (text, options) => around(null, () => exec(text, options));
  const transaction = client.transaction.bind(client);
  client.transaction = async (callback) => {
    const written = new Set<readonly string[] | null>();
    try {
      return await transaction((tx: Transaction) => {
        const txQuery = tx.query.bind(tx);
        tx.query = (text, params, options) => {
          if (isReadOnly(text)) return txQuery(text, params, withoutDrizzleParsers(options));
          const tables = targetsOf(text);
          written.add(tables);
          return around(tables, () => txQuery(text, params, withoutDrizzleParsers(options)));
        };
        const txExec = tx.exec.bind(tx);
        tx.exec = (text, options) => {
          written.add(null);
          return around(null, () => txExec(text, options));
        };
        return callback(tx);
      });
    } finally {
      for (const tables of written) bump(tables);
    }
  };

  return Object.assign(counter.generation, {
    learnSchema: () => counter.learnSchema(async (text) => (await query(text)).rows as never[]),
  });
}

// Any constant works; it only has to be the same in every process that migrates this database.
const migrationLockId = 7_216_004_311;

export async function openPostgresDatabase(url: string, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => options.onBackgroundError?.(error));
  const ownWrites = createWriteCounter();
  watchPoolWrites(pool, {
    classify: (config) => (writesNoRows(textOf(config)) ? undefined : ownWrites.targetsOf(textOf(config))),
    started: (tables) => ownWrites.bump(tables),
    ended: (writes) => writes.forEach((tables) => ownWrites.bump(tables)),
  });
  const db = drizzleNodePg({ client: pool, schema });
  const learnSchema = () => ownWrites.learnSchema(async <R>(text: string) => (await pool.query(text)).rows as R[]);

  return createHandle({
    driver: 'postgres',
    db,
    ownWriteGeneration: ownWrites.generation,
    location: describePostgresUrl(url),
    migrate: async () => {
      // Server and workers may start together: one migrates, the others wait and then find nothing to do.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [migrationLockId]);
        await migrateNodePg(db, { migrationsFolder });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
        lockClient.release();
      }
      await learnSchema();
    },
    close: () => pool.end(),
  });
}

function createHandle(parts: {
  driver: DatabaseDriver;
  db: Db;
  location: string;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  writeGeneration?: WriteGeneration;
  ownWriteGeneration?: WriteGeneration;
}): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return {
    driver: parts.driver,
    db: parts.db,
    location: parts.location,
    migrate: parts.migrate,
    ping: (timeoutMs = 2_000) => {
      if (closing) return Promise.reject(new Error('The database is closed'));
      return withTimeout(parts.db.execute(sql`select 1`), timeoutMs, 'The database did not answer in time');
    },
    close: () => (closing ??= parts.close()),
    ...(parts.writeGeneration ? { writeGeneration: parts.writeGeneration } : {}),
    ...(parts.ownWriteGeneration ? { ownWriteGeneration: parts.ownWriteGeneration } : {}),
  };
}

async function withTimeout(promise: Promise<unknown>, timeoutMs: number, message: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** `postgres://user@host:5432/db`, without the password. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}
