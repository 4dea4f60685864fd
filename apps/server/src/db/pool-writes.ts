import type pg from 'pg';

export type QueryConfig = string | { text: string; name?: string };
type Query = (config: QueryConfig, values?: unknown, callback?: unknown) => Promise<unknown>;

const transactionStart = /^\s*(begin|start)\b/i;
const transactionEnd = /^\s*(commit|end|rollback)\b(?!\s+to\b)/i;

export interface PoolWriteListener<Write> {
  /** What a statement writes that the listener follows; undefined for a statement it does not care about. */
  classify(config: QueryConfig): Write | undefined;
  /** Runs before such a statement is sent (a read overlapping it must not be kept). */
  started(write: Write): void;
  /**
   * Runs once the statement has ended, or for a transaction's statements once the transaction has;
   * the statement's (or the COMMIT's) promise waits for it.
   */
  ended(writes: readonly Write[]): Promise<void> | void;
}

export const textOf = (config: QueryConfig): string => (typeof config === 'string' ? config : config.text);

/** Resolves or rejects as `promise` did, after `after` has run. */
async function thenAlways<T>(promise: Promise<T>, after: () => Promise<void> | void): Promise<T> {
  try {
    return await promise;
  } finally {
    await after();
  }
}

/**
 * Tells `listener` about every statement on this PostgreSQL pool that it classifies as a write: the
 * pool's own queries (drizzle outside a transaction) and the queries of every client checked out of
 * it (drizzle's transactions, whose writes count when the transaction ends, so a listener that reads
 * again afterwards reads the committed rows). Calls with a callback (pg's own internals, under the
 * pool's `query`, which is watched itself) go through untouched. Several listeners may watch one pool.
 */
export function watchPoolWrites<Write>(pool: pg.Pool, listener: PoolWriteListener<Write>): void {
  const watched = Symbol('pool writes watched');
  const poolQuery = pool.query.bind(pool) as unknown as Query;
  (pool as unknown as { query: Query }).query = (config, values, callback) => {
    if (typeof values === 'function' || callback) return poolQuery(config, values, callback);
    const write = listener.classify(config);
    if (write === undefined) return poolQuery(config, values);
    listener.started(write);
    return thenAlways(poolQuery(config, values), () => listener.ended([write]));
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
    let written: Write[] = [];
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
        written = [];
        return clientQuery(config, values);
      }
      if (transactionEnd.test(text)) {
        const writes = written;
        inTransaction = false;
        written = [];
        return writes.length > 0
          ? thenAlways(clientQuery(config, values), () => listener.ended(writes))
          : clientQuery(config, values);
      }
      const write = listener.classify(config);
      if (write === undefined) return clientQuery(config, values);
      listener.started(write);
      if (inTransaction) {
        written.push(write);
        return clientQuery(config, values);
      }
      return thenAlways(clientQuery(config, values), () => listener.ended([write]));
    };
    return client;
  }
}
