import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DocumentOrigin } from '@compliance/shared/documents';
import { promptRuns } from './prompts.ts';
import { users } from './users.ts';

/** An assistant the chat offers (seeded on first start: AI Expert and Prompt Engineer; editable by admins). */
export const assistants = pgTable(
  'assistants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    instructions: text('instructions').notNull(),
    defaultKnowledgeBase: boolean('default_knowledge_base').notNull().default(true),
    defaultWebSearch: boolean('default_web_search').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('assistants_slug_unique').on(table.slug)],
);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id),
    title: text('title').notNull(),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    knowledgeBase: boolean('knowledge_base').notNull().default(true),
    webSearch: boolean('web_search').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conversations_user_status_updated_idx').on(table.userId, table.status, table.updatedAt)],
);

export interface StoredCitation {
  number: number;
  kind: 'document' | 'web' | 'fatf';
  documentId: string | null;
  title: string;
  page: number | null;
  quote: string;
  href: string;
  asOf?: string | null;
  /** A synced document: the remote file and the version quoted. */
  origin?: DocumentOrigin | null;
}

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Order within the conversation. */
    position: integer('position').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: ['complete', 'stopped', 'error', 'streaming'] })
      .notNull()
      .default('complete'),
    citations: jsonb('citations')
      .$type<StoredCitation[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    errorCode: text('error_code'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    /** A question sent from a prompt: the run (version and values) it was filled from. */
    promptRunId: uuid('prompt_run_id').references(() => promptRuns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chat_messages_conversation_position_unique').on(table.conversationId, table.position)],
);

/** LLM tokens spent per user and calendar month (YYYY-MM, UTC). */
export const llmTokenUsage = pgTable(
  'llm_token_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    tokens: integer('tokens').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.period] })],
);

/** Anonymous trial questions per day, counted per visitor id and per IP address (`kind`). */
export const anonymousQueryCounts = pgTable(
  'anonymous_query_counts',
  {
    kind: text('kind', { enum: ['visitor', 'ip'] }).notNull(),
    key: text('key').notNull(),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.key, table.day] })],
);
