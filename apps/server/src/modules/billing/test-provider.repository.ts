import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testProviderObjects } from '../../db/schema/index.ts';

type ObjectType = 'checkout_session' | 'subscription' | 'payment' | 'invoice';

/** The TEST MODE provider's own store: its "remote" objects, as JSON by id. */
export function createTestProviderRepository(db: Db) {
  return {
    async get<T>(type: ObjectType, id: string): Promise<T | null> {
      const [row] = await db
        .select({ data: testProviderObjects.data })
        .from(testProviderObjects)
        .where(and(eq(testProviderObjects.id, id), eq(testProviderObjects.type, type)));
      return (row?.data as T | undefined) ?? null;
    },
    /** A one-time payment's checkout session by the caller's reference (its idempotency key). */
    async findSessionByReference<T>(reference: string): Promise<T | null> {
      const [row] = await db
        .select({ data: testProviderObjects.data })
        .from(testProviderObjects)
        .where(
          and(
            eq(testProviderObjects.type, 'checkout_session'),
            sql`${testProviderObjects.data}->>'mode' = 'payment'`,
            sql`${testProviderObjects.data}->>'reference' = ${reference}`,
          ),
        );
      return (row?.data as T | undefined) ?? null;
    },
    async put(type: ObjectType, id: string, data: object): Promise<void> {
      const value = data as Record<string, unknown>;
      await db
        .insert(testProviderObjects)
        .values({ id, type, data: value })
        .onConflictDoUpdate({ target: testProviderObjects.id, set: { data: value, updatedAt: new Date() } });
    },
  };
}

export type TestProviderRepository = ReturnType<typeof createTestProviderRepository>;
