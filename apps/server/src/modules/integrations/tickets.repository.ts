import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { integrationTickets, type IntegrationTicketRow } from '../../db/schema/index.ts';

export type NewTicketLink = typeof integrationTickets.$inferInsert;

/** Links between tickets or tasks in a remote and the conversation or country they were made from. */
export function createTicketsRepository(db: Db) {
  return {
    async insert(values: NewTicketLink): Promise<IntegrationTicketRow> {
      const [row] = await db.insert(integrationTickets).values(values).returning();
      return row!;
    },
    /** A user's own links for one conversation or one country, newest first. */
    async list(
      userId: string,
      where: { conversationId: string } | { country: string },
    ): Promise<IntegrationTicketRow[]> {
      return db
        .select()
        .from(integrationTickets)
        .where(
          and(
            eq(integrationTickets.userId, userId),
            'conversationId' in where
              ? eq(integrationTickets.conversationId, where.conversationId)
              : eq(integrationTickets.country, where.country),
          ),
        )
        .orderBy(desc(integrationTickets.createdAt))
        .limit(100);
    },
    /** Whether this app made the ticket from a conversation (its subject is then the question asked). */
    async madeFromConversation(connectionId: string, number: number): Promise<boolean> {
      const [row] = await db
        .select({ id: integrationTickets.id })
        .from(integrationTickets)
        .where(
          and(
            eq(integrationTickets.connectionId, connectionId),
            eq(integrationTickets.number, number),
            isNotNull(integrationTickets.conversationId),
            eq(integrationTickets.kind, 'ticket'),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
    async updateStatus(id: string, values: { status: string; owner: string | null; due: string | null; at: Date }) {
      await db
        .update(integrationTickets)
        .set({ status: values.status, owner: values.owner, due: values.due, statusCheckedAt: values.at })
        .where(eq(integrationTickets.id, id));
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
