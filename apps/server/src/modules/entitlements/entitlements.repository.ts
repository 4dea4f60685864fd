import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { anonymousQueryCounts, llmTokenUsage, usageLedger } from '../../db/schema/index.ts';

export function createEntitlementsRepository(db: Db) {
  return {
    async anonymousCounts(visitorId: string, ip: string, day: string): Promise<{ visitor: number; ip: number }> {
      const rows = await db
        .select({ kind: anonymousQueryCounts.kind, count: anonymousQueryCounts.count })
        .from(anonymousQueryCounts)
        .where(
          and(
            eq(anonymousQueryCounts.day, day),
            sql`((${anonymousQueryCounts.kind} = 'visitor' and ${anonymousQueryCounts.key} = ${visitorId}) or (${anonymousQueryCounts.kind} = 'ip' and ${anonymousQueryCounts.key} = ${ip}))`,
          ),
        );
      return {
        visitor: rows.find((row) => row.kind === 'visitor')?.count ?? 0,
        ip: rows.find((row) => row.kind === 'ip')?.count ?? 0,
      };
    },
    /**
     * Counts one question for the visitor and the IP, both or neither: each count only grows while
     * under `limit`. Returns the new counts, or null when either was already at the limit.
     */
    async consumeAnonymous(visitorId: string, ip: string, day: string, limit: number) {
      return db
        .transaction(async (tx) => {
          const counts: number[] = [];
          for (const [kind, key] of [
            ['visitor', visitorId],
            ['ip', ip],
          ] as const) {
            const [row] = await tx
              .insert(anonymousQueryCounts)
              .values({ kind, key, day, count: 1 })
              .onConflictDoUpdate({
                target: [anonymousQueryCounts.kind, anonymousQueryCounts.key, anonymousQueryCounts.day],
                set: { count: sql`${anonymousQueryCounts.count} + 1` },
                setWhere: sql`${anonymousQueryCounts.count} < ${limit}`,
              })
              .returning({ count: anonymousQueryCounts.count });
            if (!row || row.count > limit) throw new LimitReached();
            counts.push(row.count);
          }
          return { visitor: counts[0] ?? 0, ip: counts[1] ?? 0 };
        })
        .catch((error: unknown) => {
          if (error instanceof LimitReached) return null;
          throw error;
        });
    },
    async tokensUsed(userId: string, period: string): Promise<number> {
      const [row] = await db
        .select({ tokens: llmTokenUsage.tokens })
        .from(llmTokenUsage)
        .where(and(eq(llmTokenUsage.userId, userId), eq(llmTokenUsage.period, period)));
      return row?.tokens ?? 0;
    },
    /** The month's counter and the ledger line move together, or neither does. */
    async addTokens(
      userId: string,
      period: string,
      tokens: number,
      source: { action: string; reference?: string },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(llmTokenUsage)
          .values({ userId, period, tokens })
          .onConflictDoUpdate({
            target: [llmTokenUsage.userId, llmTokenUsage.period],
            set: { tokens: sql`${llmTokenUsage.tokens} + ${tokens}` },
          });
        await tx
          .insert(usageLedger)
          .values({ userId, kind: 'tokens', amount: tokens, action: source.action, reference: source.reference });
      });
    },
    async ledger(userId: string, limit: number) {
      const rows = await db
        .select()
        .from(usageLedger)
        .where(eq(usageLedger.userId, userId))
        .orderBy(desc(usageLedger.createdAt), desc(usageLedger.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        amount: row.amount,
        action: row.action,
        reference: row.reference,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

class LimitReached extends Error {}

export type EntitlementsRepository = ReturnType<typeof createEntitlementsRepository>;
