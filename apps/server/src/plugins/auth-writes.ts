import type pg from 'pg';
import { textOf, watchPoolWrites, type QueryConfig } from '../db/pool-writes.ts';
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

export interface AuthWriteListener {
  /** Runs before a statement that may change a session or a user is sent (reads overlapping it are not kept). */
  started(): void;
  /** Runs once that statement, or the transaction it belongs to, has ended; the statement's promise waits for it. */
  ended(): Promise<void>;
}

function isAuthWrite(config: QueryConfig): boolean {
  const text = textOf(config);
  // The once-a-minute `lastUsedAt` renewal: the session service updates its own entry.
  if (typeof config === 'object' && config.name === SESSION_TOUCH_STATEMENT) return false;
  // A new row (a sign-in's session, a sign-up) changes nothing remembered; an upsert may.
  if (plainInsert.test(text) && !upsert.test(text)) return false;
  return !notAWrite.test(text) && namesAuthTable.test(text);
}

/** Tells `listener` about every statement on this PostgreSQL pool that may change a session or a user. */
export function watchAuthWrites(pool: pg.Pool, listener: AuthWriteListener): void {
  watchPoolWrites(pool, {
    classify: (config) => (isAuthWrite(config) ? true : undefined),
    started: () => listener.started(),
    ended: () => listener.ended(),
  });
}
