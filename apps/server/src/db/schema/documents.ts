import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { DocumentOrigin } from '@compliance/shared/documents';
import { jobs } from './jobs.ts';
import { users } from './users.ts';

/** PostgreSQL's tsvector: written with `to_tsvector(config, text)` in SQL, never read as a value. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

type Localized = { en: string; de: string; fr: string; it: string };

/** A regulatory function of the knowledge base (taxonomy.json `functions`, or created by an admin). */
export const kbFunctions = pgTable(
  'kb_functions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The taxonomy code (stable for seeded items); null for items created in the admin area. */
    code: text('code'),
    names: jsonb('names').$type<Localized>().notNull(),
    descriptions: jsonb('descriptions').$type<Localized>().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('kb_functions_code_unique').on(table.code)],
);
export type KbFunctionRow = typeof kbFunctions.$inferSelect;

/** A kind of source (law, circular, guidance, …); the same list under every function. */
export const kbResourceTypes = pgTable(
  'kb_resource_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code'),
    names: jsonb('names').$type<Localized>().notNull(),
    descriptions: jsonb('descriptions').$type<Localized>().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('kb_resource_types_code_unique').on(table.code)],
);
export type KbResourceTypeRow = typeof kbResourceTypes.$inferSelect;

/**
 * A folder: a user's own (`owner_user_id` set) or one of the knowledge base (scope `kb`, inside a
 * function × resource-type branch). `root_id` is the top-level ancestor (itself at the top).
 */
export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope', { enum: ['user', 'kb'] }).notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    kbFunctionId: uuid('kb_function_id').references(() => kbFunctions.id, { onDelete: 'restrict' }),
    kbResourceTypeId: uuid('kb_resource_type_id').references(() => kbResourceTypes.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    rootId: uuid('root_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'folders_scope_owner_check',
      sql`(${table.scope} = 'user' and ${table.ownerUserId} is not null) or (${table.scope} = 'kb' and ${table.ownerUserId} is null and ${table.kbFunctionId} is not null and ${table.kbResourceTypeId} is not null)`,
    ),
    index('folders_owner_parent_idx').on(table.ownerUserId, table.parentId),
    index('folders_kb_branch_idx').on(table.kbFunctionId, table.kbResourceTypeId, table.parentId),
    index('folders_parent_idx').on(table.parentId),
  ],
);
export type FolderRow = typeof folders.$inferSelect;

export const fileStatusValues = ['pending', 'synching', 'ready', 'failed'] as const;

/** An uploaded (or seeded) document: the original in blob storage, its extracted pages and chunks here. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope', { enum: ['user', 'kb'] }).notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    kbFunctionId: uuid('kb_function_id').references(() => kbFunctions.id, { onDelete: 'restrict' }),
    kbResourceTypeId: uuid('kb_resource_type_id').references(() => kbResourceTypes.id, { onDelete: 'restrict' }),
    /** Seeded knowledge-base documents: `<id>:<language>` from the front matter (idempotent re-import). */
    kbSourceKey: text('kb_source_key'),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    rootFolderId: uuid('root_folder_id'),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull().default('application/octet-stream'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256').notNull().default(''),
    storageKey: text('storage_key').notNull(),
    status: text('status', { enum: fileStatusValues }).notNull().default('pending'),
    ingestJobId: uuid('ingest_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    noText: boolean('no_text').notNull().default(false),
    detectedType: text('detected_type'),
    language: text('language'),
    title: text('title'),
    /** The title (or the name) as a search vector in the document's language: search's title bonus. */
    titleTsv: tsvector('title_tsv').generatedAlwaysAs(
      sql`to_tsvector(case language when 'en' then 'english'::regconfig when 'de' then 'german'::regconfig when 'fr' then 'french'::regconfig when 'it' then 'italian'::regconfig else 'simple'::regconfig end, coalesce(title, name))`,
    ),
    pageCount: integer('page_count').notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    /** The chunker that cut the stored passages (`CHUNKER_VERSION`); older ones are re-indexed at start. */
    chunkerVersion: integer('chunker_version').notNull().default(1),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    timings: jsonb('timings').$type<Record<string, number>>(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Synced from a connection (issue 17): the remote file and version held; null for uploads. */
    origin: jsonb('origin').$type<DocumentOrigin>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    check('files_status_check', sql`${table.status} in ('pending', 'synching', 'ready', 'failed')`),
    check(
      'files_scope_owner_check',
      sql`(${table.scope} = 'user' and ${table.ownerUserId} is not null) or (${table.scope} = 'kb' and ${table.ownerUserId} is null and ${table.kbFunctionId} is not null and ${table.kbResourceTypeId} is not null)`,
    ),
    index('files_owner_folder_idx').on(table.ownerUserId, table.folderId),
    index('files_kb_branch_idx').on(table.kbFunctionId, table.kbResourceTypeId, table.folderId),
    index('files_folder_idx').on(table.folderId),
    index('files_unfinished_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('pending', 'synching')`),
    uniqueIndex('files_kb_source_key_unique').on(table.kbSourceKey),
  ],
);
export type FileRow = typeof files.$inferSelect;

/** The extracted text of one page, for the viewer. */
export const filePages = pgTable(
  'file_pages',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    text: text('text').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.number] })],
);

/**
 * A retrievable passage. `tsv` is built in the document's language (`ts_config`: english, german,
 * french, italian, or simple when unknown) and indexed with GIN for full-text search.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    page: integer('page').notNull(),
    heading: text('heading'),
    text: text('text').notNull(),
    tsConfig: text('ts_config').notNull(),
    tsv: tsvector('tsv').notNull(),
    /**
     * The ingestion run that wrote the passage: passages are written in small batches outside one
     * transaction, so a failed or superseded run can remove exactly its own.
     */
    ingestJobId: uuid('ingest_job_id'),
  },
  (table) => [
    check(
      'file_chunks_ts_config_check',
      sql`${table.tsConfig} in ('english', 'german', 'french', 'italian', 'simple')`,
    ),
    index('file_chunks_file_idx').on(table.fileId, table.chunkIndex),
    index('file_chunks_tsv_idx').using('gin', table.tsv),
  ],
);
