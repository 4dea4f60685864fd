import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import {
  loginThrottles,
  users,
  userSettings,
  verificationCodes,
  type LoginThrottleRow,
  type UserRow,
  type UserSettingsRow,
  type VerificationCodeRow,
  type VerificationPurpose,
} from '../../db/schema/index.ts';

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  passwordHash: string;
  language: string;
  role?: 'user' | 'admin';
  emailVerifiedAt?: Date | null;
}

export interface NewVerificationCode {
  userId: string;
  purpose: VerificationPurpose;
  codeHash: string;
  tokenHash: string | null;
  newEmail: string | null;
  expiresAt: Date;
}

/** Users, one-time codes, sign-in throttles and settings: the tables of the accounts feature. */
export function createAccountsRepository(db: Db) {
  return {
    db,
    transaction<T>(run: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => run(tx));
    },

    // Users

    async findUserByEmail(email: string, tx: DbExecutor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return row;
    },
    async findUserById(id: string, tx: DbExecutor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** Inserts the user, or returns null when the e-mail address is taken (unique index). */
    async insertUser(user: NewUser, tx: DbExecutor = db): Promise<UserRow | null> {
      const [row] = await tx
        .insert(users)
        .values({ ...user, email: user.email.toLowerCase() })
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row ?? null;
    },
    async updateUser(
      id: string,
      changes: Partial<
        Pick<
          UserRow,
          | 'firstName'
          | 'lastName'
          | 'companyName'
          | 'passwordHash'
          | 'language'
          | 'role'
          | 'status'
          | 'emailVerifiedAt'
          | 'email'
        >
      >,
      tx: DbExecutor = db,
    ): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    // One-time codes

    async insertCode(code: NewVerificationCode, tx: DbExecutor = db): Promise<VerificationCodeRow> {
      const [row] = await tx.insert(verificationCodes).values(code).returning();
      if (!row) throw new Error('Inserting a verification code returned no row');
      return row;
    },
    async latestCode(userId: string, purpose: VerificationPurpose, tx: DbExecutor = db) {
      const [row] = await tx
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row;
    },
    async findCodeByTokenHash(tokenHash: string, tx: DbExecutor = db) {
      const [row] = await tx
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.tokenHash, tokenHash), eq(verificationCodes.purpose, 'password_reset')))
        .limit(1);
      return row;
    },
    /** Marks every open code of this purpose used (a new code replaces the old ones). */
    async consumeOpenCodes(userId: string, purpose: VerificationPurpose, at: Date, tx: DbExecutor = db): Promise<void> {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: at })
        .where(
          and(
            eq(verificationCodes.userId, userId),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
          ),
        );
    },
    /** Marks one code used; false when someone else used it first. */
    async consumeCode(id: string, at: Date, tx: DbExecutor = db): Promise<boolean> {
      const rows = await tx
        .update(verificationCodes)
        .set({ consumedAt: at })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length > 0;
    },
    async incrementCodeFailures(id: string, tx: DbExecutor = db): Promise<number> {
      const [row] = await tx
        .update(verificationCodes)
        .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
        .where(eq(verificationCodes.id, id))
        .returning({ failedAttempts: verificationCodes.failedAttempts });
      return row?.failedAttempts ?? 0;
    },

    // Sign-in throttles

    async findThrottle(key: string): Promise<LoginThrottleRow | undefined> {
      const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key)).limit(1);
      return row;
    },
    /** Counts one failure in the current window (a window older than `windowStart` starts over). */
    async addThrottleFailure(key: string, now: Date, windowStart: Date): Promise<LoginThrottleRow> {
      const expired = sql`(${loginThrottles.windowStartedAt} < ${windowStart.toISOString()}::timestamptz)`;
      const [row] = await db
        .insert(loginThrottles)
        .values({ key, failures: 1, windowStartedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: loginThrottles.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginThrottles.failures} + 1 end`,
            windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottles.windowStartedAt} end`,
            updatedAt: now,
          },
        })
        .returning();
      if (!row) throw new Error('Upserting a login throttle returned no row');
      return row;
    },
    async blockThrottle(key: string, until: Date, now: Date): Promise<void> {
      await db
        .update(loginThrottles)
        .set({ blockedUntil: until, failures: 0, windowStartedAt: now, updatedAt: now })
        .where(eq(loginThrottles.key, key));
    },
    async clearThrottle(key: string): Promise<void> {
      await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
    },

    /** Every counter whose key starts with `prefix` (an account's counters from every address). */
    async clearThrottlesStartingWith(prefix: string): Promise<void> {
      await db.delete(loginThrottles).where(sql`starts_with(${loginThrottles.key}, ${prefix})`);
    },

    // Settings

    async findSettings(userId: string): Promise<UserSettingsRow | undefined> {
      const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
      return row;
    },
    async upsertSettings(
      userId: string,
      changes: Partial<Pick<UserSettingsRow, 'defaultAssistant' | 'knowledgeBaseSearch' | 'sessionLifetimeDays'>>,
      tx: DbExecutor = db,
    ): Promise<UserSettingsRow> {
      const [row] = await tx
        .insert(userSettings)
        .values({ userId, ...changes })
        .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error('Upserting settings returned no row');
      return row;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
