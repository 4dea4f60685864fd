import { and, count, desc, eq, ilike, isNull, gt, max, or, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { files, sessions, users, type UserRow } from '../../db/schema/index.ts';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function createAdminUsersRepository(db: Db) {
  return {
    transaction<T>(run: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => run(tx));
    },

    async list({ search, limit, offset }: { search: string | undefined; limit: number; offset: number }) {
      const pattern = search ? `%${escapeLike(search)}%` : undefined;
      const where = pattern
        ? or(
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(users.companyName, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          )
        : undefined;
      const lastSeen = db
        .select({ userId: sessions.userId, lastSeenAt: max(sessions.lastUsedAt).as('last_seen_at') })
        .from(sessions)
        .groupBy(sessions.userId)
        .as('last_seen');
      const rows = await db
        .select({ user: users, lastSeenAt: lastSeen.lastSeenAt })
        .from(users)
        .leftJoin(lastSeen, eq(lastSeen.userId, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), users.email)
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ value: count() }).from(users).where(where);
      return { rows, total: total?.value ?? 0 };
    },

    async findById(id: string, tx: DbExecutor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Active admins, locked for the rest of the transaction (two admins demoting each other at once). */
    async lockActiveAdmins(tx: DbExecutor): Promise<string[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
        .for('update');
      return rows.map((row) => row.id);
    },

    async update(
      id: string,
      changes: Partial<Pick<UserRow, 'role' | 'status'>>,
      tx: DbExecutor,
    ): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** Deletes the user; sessions, codes, settings and every feature's rows go with it (ON DELETE CASCADE). */
    /** The storage keys of the user's own files (their blobs outlive the rows otherwise). */
    async fileStorageKeys(userId: string, tx: DbExecutor): Promise<string[]> {
      const rows = await tx.select({ key: files.storageKey }).from(files).where(eq(files.ownerUserId, userId));
      return rows.map((row) => row.key);
    },

    async delete(id: string, tx: DbExecutor): Promise<boolean> {
      const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    async liveSessionCount(userId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row?.value ?? 0;
    },
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
