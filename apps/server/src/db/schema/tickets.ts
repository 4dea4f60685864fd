import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './chat.ts';
import { integrationConnections } from './integrations.ts';
import { users } from './users.ts';

/**
 * A ticket or task made through a `tickets` connection (issue 17): from a conversation (a ticket, or a task
 * from an answer) or for a FATF country. Only its maker sees it; the remote's status is kept with the time
 * it was read, so opening a conversation reads it again only when it is stale.
 */
export const integrationTickets = pgTable(
  'integration_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['ticket', 'task'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the connection is deleted: the link stays, its status is no longer refreshed. */
    connectionId: uuid('connection_id').references(() => integrationConnections.id, { onDelete: 'set null' }),
    connectionName: text('connection_name').notNull(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    /** ISO 3166-1 alpha-2 of the FATF country a task is about. */
    country: text('country'),
    /** The remote's number or id (RT: the ticket number; Jira: the issue id; Asana: the task gid, 16 digits). */
    number: bigint('number', { mode: 'number' }).notNull(),
    /** The remote's own label when it is not the number ("COMP-12" for a Jira issue); null for RT and Asana. */
    reference: text('reference'),
    title: text('title').notNull(),
    url: text('url').notNull(),
    status: text('status').notNull(),
    statusCheckedAt: timestamp('status_checked_at', { withTimezone: true }).notNull().defaultNow(),
    owner: text('owner'),
    due: date('due', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('integration_tickets_conversation_idx').on(table.conversationId),
    index('integration_tickets_user_country_idx').on(table.userId, table.country),
    check('integration_tickets_source_check', sql`${table.conversationId} IS NOT NULL OR ${table.country} IS NOT NULL`),
  ],
);

export type IntegrationTicketRow = typeof integrationTickets.$inferSelect;
