import { and, eq, gt, isNull, ne } from 'drizzle-orm';
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

export function createSessionsRepository(db: Db) {
  return {
    async insert(session: NewSession): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(session).returning();
      if (!row) throw new Error('Inserting a session returned no row');
      return row;
    },

    /** The unrevoked, unexpired session with this token hash and its user, if any. */
    async findLiveByTokenHash(tokenHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | null> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },

    async touch(sessionId: string, lastUsedAt: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastUsedAt, expiresAt }).where(eq(sessions.id, sessionId));
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
