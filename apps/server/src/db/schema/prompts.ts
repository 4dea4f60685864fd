import type { Placeholder, PromptCategoryIcon } from '@compliance/shared/prompts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's prompt category: ordered by `position`, names unique per user whatever their case. */
export const promptCategories = pgTable(
  'prompt_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A lucide icon name from the curated list in packages/shared/src/prompts.ts. */
    icon: text('icon').$type<PromptCategoryIcon>().notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('prompt_categories_user_name_unique').on(table.userId, sql`lower(${table.name})`),
    index('prompt_categories_user_position_idx').on(table.userId, table.position),
  ],
);

/**
 * A prompt of a user's library: its current content (title, instructions, placeholders) is that of
 * version `version`; every earlier save is kept in prompt_versions.
 */
export const prompts = pgTable(
  'prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null: filed in no category. A deleted category either takes its prompts along or moves them first. */
    categoryId: uuid('category_id').references(() => promptCategories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull(),
    placeholders: jsonb('placeholders')
      .$type<Placeholder[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    favourite: boolean('favourite').notNull().default(false),
    version: integer('version').notNull().default(1),
    useCount: integer('use_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('prompts_user_updated_idx').on(table.userId, table.updatedAt),
    index('prompts_category_idx').on(table.categoryId),
    check('prompts_version_positive', sql`${table.version} > 0`),
  ],
);

/** One saved state of a prompt; `restored_from` names the version a "restore" brought back. */
export const promptVersions = pgTable(
  'prompt_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    instructions: text('instructions').notNull(),
    placeholders: jsonb('placeholders')
      .$type<Placeholder[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    message: text('message'),
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('prompt_versions_prompt_version_unique').on(table.promptId, table.version)],
);

/**
 * One use of a prompt (one's own or a licensed one): the version and the values it was filled with,
 * so that a question sent from it, and its answer, can be traced back to them.
 */
export const promptRuns = pgTable(
  'prompt_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['library', 'licensed'] }).notNull(),
    /** The prompt of the library, or the licensed listing item (no foreign key: either may be deleted). */
    promptId: uuid('prompt_id').notNull(),
    title: text('title').notNull(),
    version: integer('version').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    /** The library documents chosen for its `document` placeholders (the chat answers from them). */
    documentIds: jsonb('document_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('prompt_runs_user_created_idx').on(table.userId, table.createdAt)],
);
