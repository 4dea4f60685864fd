import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema/index.ts';

export interface NewSession {
  userId: string;
  tokenHash: string;
  userAgent: string;
  ipAddress: string;
  lastUsedAt?: Date;
  expiresAt: Date;
}

/** What checking a bearer token reads: the session's clock and the caller, never the password hash. */
export interface LiveSession {
  session: Pick<SessionRow, 'id' | 'lastUsedAt' | 'expiresAt'>;
  user: Pick<
    UserRow,
    'id' | 'email' | 'firstName' | 'lastName' | 'companyName' | 'role' | 'status' | 'language' | 'emailVerifiedAt'
  >;
}

/**
 * The name of the prepared `lastUsedAt` renewal: on PostgreSQL the only write to `sessions` that does
 * not empty the session memory (`plugins/auth-writes.ts`), as the session service updates its entry.
 */
export const SESSION_TOUCH_STATEMENT = 'sessions_touch';

export function createSessionsRepository(db: Db) {
  // Every signed-in request runs this one: built once (a prepared statement on PostgreSQL), and only
  // the columns the check needs.
  const liveByTokenHash = db
    .select({
      session: { id: sessions.id, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt },
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        companyName: users.companyName,
        role: users.role,
        status: users.status,
        language: users.language,
        emailVerifiedAt: users.emailVerifiedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('sessions_live_by_token_hash');
  const touch = db
    .update(sessions)
    .set({ lastUsedAt: sql`${sql.placeholder('lastUsedAt')}`, expiresAt: sql`${sql.placeholder('expiresAt')}` })
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare(SESSION_TOUCH_STATEMENT);

  return {
    async insert(session: NewSession): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(session).returning();
      if (!row) throw new Error('Inserting a session returned no row');
      return row;
    },

    /** The unrevoked, unexpired session with this token hash and its user, if any. */
    async findLiveByTokenHash(tokenHash: string, now: Date): Promise<LiveSession | null> {
      // A placeholder is not encoded by its column: the timestamp goes as ISO text, as the column would send it.
      const [row] = await liveByTokenHash.execute({ tokenHash, now: now.toISOString() });
      return row ?? null;
    },

    async touch(sessionId: string, lastUsedAt: Date, expiresAt: Date): Promise<void> {
      // Placeholders go as ISO text, as the columns would send them.
      await touch.execute({ sessionId, lastUsedAt: lastUsedAt.toISOString(), expiresAt: expiresAt.toISOString() });
    },

    async listLiveForUser(userId: string, now: Date): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .orderBy(sessions.lastUsedAt);
    },

    async revoke(sessionId: string, userId: string, now: Date): Promise<boolean> {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return revoked.length > 0;
    },

    /** Revokes every live session of the user, except `keepSessionId` when given. Returns their ids. */
    async revokeAllForUser(userId: string, now: Date, keepSessionId?: string): Promise<string[]> {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(...conditions))
        .returning({ id: sessions.id });
      return revoked.map((row) => row.id);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
