import type pg from 'pg';
import { SESSION_TOUCH_STATEMENT } from '../modules/auth/sessions.repository.ts';

/**
 * Statements that may change who a session token stands for: any update or delete (or upsert) that
 * names the `users` or `sessions` table (a revocation, a sign-out, a password, role, status or profile change, a deleted
 * account and the sessions its deletion cascades to). Reads and transaction control are not writes.
 */
const notAWrite = /^\s*(select|begin|start|commit|end|rollback|savepoint|release|show|set|reset)\b/i;
const namesAuthTable = /\b(users|sessions)\b/i;
const plainInsert = /^\s*insert\b/i;
const upsert = /\bon\s+conflict\b/i;
const transactionStart = /^\s*(begin|start)\b/i;
const transactionEnd = /^\s*(commit|end|rollback)\b(?!\s+to\b)/i;

export interface AuthWriteListener {
  /** Runs before a statement that may change a session or a user is sent (reads overlapping it are not kept). */
  started(): void;
  /** Runs once that statement, or the transaction it belongs to, has ended; the statement's promise waits for it. */
  ended(): Promise<void>;
}

type QueryConfig = string | { text: string; name?: string };
type Query = (config: QueryConfig, values?: unknown, callback?: unknown) => Promise<unknown>;
const watched = Symbol('auth writes watched');

function isAuthWrite(config: QueryConfig): boolean {
  const text = typeof config === 'string' ? config : config.text;
  // The once-a-minute `lastUsedAt` renewal: the session service updates its own entry.
  if (typeof config === 'object' && config.name === SESSION_TOUCH_STATEMENT) return false;
  // A new row (a sign-in's session, a sign-up) changes nothing remembered; an upsert may.
  if (plainInsert.test(text) && !upsert.test(text)) return false;
  return !notAWrite.test(text) && namesAuthTable.test(text);
}

function textOf(config: QueryConfig): string {
  return typeof config === 'string' ? config : config.text;
}

/** Resolves or rejects as `promise` did, after `after` has run. */
async function thenAlways<T>(promise: Promise<T>, after: () => Promise<void>): Promise<T> {
  try {
    return await promise;
  } finally {
    await after();
  }
}

/**
 * Tells `listener` about every statement on this PostgreSQL pool that may change a session or a
 * user: the pool's own queries (drizzle outside a transaction) and the queries of every client
 * checked out of it (drizzle's transactions, whose writes count when the transaction ends, so a
 * listener that reads again afterwards reads the committed rows). Calls with a callback (pg's own
 * internals, under the pool's `query`, which is watched itself) go through untouched.
 */
export function watchAuthWrites(pool: pg.Pool, listener: AuthWriteListener): void {
  const poolQuery = pool.query.bind(pool) as unknown as Query;
  (pool as unknown as { query: Query }).query = (config, values, callback) => {
    if (typeof values === 'function' || callback || !isAuthWrite(config)) return poolQuery(config, values, callback);
    listener.started();
    return thenAlways(poolQuery(config, values), () => listener.ended());
  };

  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: typeof connect }).connect = (callback) => {
    if (callback) return connect(callback);
    return connect()!.then(watchClient);
  };

  function watchClient(client: pg.PoolClient): pg.PoolClient {
    const marked = client as pg.PoolClient & { [watched]?: true };
    if (marked[watched]) return client;
    marked[watched] = true;
    let inTransaction = false;
    let wroteInTransaction = false;
    const clientQuery = client.query.bind(client) as unknown as Query;
    (client as unknown as { query: Query }).query = (config, values, callback) => {
      // The pool's own `query` runs its statement on a checked-out client with a callback.
      if (
        typeof values === 'function' ||
        callback ||
        (typeof config !== 'string' && typeof config?.text !== 'string')
      ) {
        return clientQuery(config, values, callback);
      }
      const text = textOf(config);
      if (transactionStart.test(text)) {
        inTransaction = true;
        wroteInTransaction = false;
        return clientQuery(config, values);
      }
      if (transactionEnd.test(text)) {
        const wrote = wroteInTransaction;
        inTransaction = false;
        wroteInTransaction = false;
        return wrote ? thenAlways(clientQuery(config, values), () => listener.ended()) : clientQuery(config, values);
      }
      if (!isAuthWrite(config)) return clientQuery(config, values);
      listener.started();
      if (inTransaction) {
        wroteInTransaction = true;
        return clientQuery(config, values);
      }
      return thenAlways(clientQuery(config, values), () => listener.ended());
    };
    return client;
  }
}
