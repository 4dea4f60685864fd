import { randomUUID } from 'node:crypto';
import { plans, users, type UserRow } from '../../src/db/schema/index.ts';
import type { App } from '../../src/app.ts';

export interface TestUser {
  user: UserRow;
  /** The session's bearer token. */
  token: string;
  /** Ready-made headers for `app.inject({ headers })`. */
  headers: { authorization: string };
}

/**
 * A verified, active user with a live session, inserted directly (no sign-up flow). Override any
 * column, e.g. `createTestUser(app, { role: 'admin' })` or `{ emailVerifiedAt: null }`.
 */
export async function createTestUser(app: App, overrides: Partial<typeof users.$inferInsert> = {}): Promise<TestUser> {
  const [user] = await app.db
    .insert(users)
    .values({
      email: `user-${randomUUID()}@example.test`,
      firstName: 'Test',
      lastName: 'User',
      companyName: 'Example AG',
      // Not a usable hash: users made here sign in through their session token only.
      passwordHash: 'test-factory:no-password',
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('Inserting a test user returned no row');
  const { token } = await app.sessions.create(user.id, { userAgent: 'vitest' });
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Lets every plan keep `count` personal integrations, for suites whose users keep more connections
 * than the Free plan allows (the plan limit itself is tested in integrations-plan-limit.test.ts).
 */
export async function allowPersonalConnections(app: App, count: number): Promise<void> {
  await app.db.update(plans).set({ connections: count });
}
