import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './billing.ts';
import { files, folders } from './documents.ts';
import { users } from './users.ts';

/**
 * A connection to another tool: a user's own (`personal`) or set up by admins for everyone
 * (`organisation`). The secret (password, token, webhook address) is stored encrypted; `settings`
 * holds only what may be shown again.
 */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope', { enum: ['personal', 'organisation', 'company'] }).notNull(),
    /** The owner of a personal connection; the admin who set up an organisation one (null once deleted). */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The company a `company` connection belongs to (its admins manage it, its members use it). */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'webdav',
        's3',
        'onedrive',
        'dropbox',
        'googledrive',
        'box',
        'dokuwiki',
        'mediawiki',
        'confluence',
        'notion',
        'slack',
        'teams',
        'matrix',
        'email',
        'imap',
        'requesttracker',
        'jira',
        'asana',
        'zendesk',
        'freshdesk',
      ],
    }).notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    /** AES-256-GCM, `v1:<iv>:<tag>:<ciphertext>` in base64url. */
    secretCiphertext: text('secret_ciphertext').notNull(),
    status: text('status', { enum: ['untested', 'connected', 'failing'] })
      .notNull()
      .default('untested'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastErrorCode: text('last_error_code'),
    lastErrorDetail: text('last_error_detail'),
    /** Storage: the library folder synced files go into (created on the first sync). */
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    /** Storage on a schedule: when the next sync is due. */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('integration_connections_owner_idx').on(table.ownerUserId),
    index('integration_connections_due_idx').on(table.nextSyncAt),
    check('integration_connections_owner_check', sql`${table.scope} <> 'personal' OR ${table.ownerUserId} IS NOT NULL`),
    index('integration_connections_company_idx').on(table.companyId),
    check(
      'integration_connections_company_check',
      sql`(${table.scope} = 'company') = (${table.companyId} IS NOT NULL)`,
    ),
  ],
);

/** One sync of a storage connection: queued, then run by a job; its items say what happened per file. */
export const integrationSyncRuns = pgTable(
  'integration_sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => integrationConnections.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['manual', 'schedule'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'partial', 'failed'] })
      .notNull()
      .default('queued'),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    deleted: integer('deleted').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errorCode: text('error_code'),
    items: jsonb('items')
      .$type<{ remotePath: string; outcome: string; detail: string | null; fileId: string | null }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('integration_sync_runs_connection_idx').on(table.connectionId, table.createdAt)],
);

/** What a storage connection brought into the library: remote path → file, with the version synced. */
export const integrationRemoteFiles = pgTable(
  'integration_remote_files',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => integrationConnections.id, { onDelete: 'cascade' }),
    remotePath: text('remote_path').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** The remote's ETag (or size + modification time when it has none). */
    version: text('version').notNull(),
    /** 1 when first synced, one more for each changed version synced since (cited as "version n"). */
    revision: integer('revision').notNull().default(1),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('integration_remote_files_path_idx').on(table.connectionId, table.remotePath),
    index('integration_remote_files_file_idx').on(table.fileId),
  ],
);

/**
 * Every message sent out (a shared answer, an alert, an answer saved to storage): what, where, by
 * whom, when, and a hash of the content — the books-and-records journal a company exports.
 * Kept when the connection is deleted.
 */
export const integrationJournal = pgTable(
  'integration_journal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id').references(() => integrationConnections.id, { onDelete: 'set null' }),
    connectionName: text('connection_name').notNull(),
    connectionScope: text('connection_scope', { enum: ['personal', 'organisation', 'company'] }).notNull(),
    /** The sender's company when it was sent (or the company connection's): the company's books and records. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    destination: text('destination').notNull(),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderEmail: text('sender_email').notNull(),
    content: text('content').notNull(),
    contentSha256: text('content_sha256').notNull(),
    status: text('status', { enum: ['sent', 'failed'] }).notNull(),
    externalId: text('external_id'),
    errorCode: text('error_code'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('integration_journal_sender_idx').on(table.senderUserId, table.sentAt),
    index('integration_journal_sent_idx').on(table.sentAt),
    index('integration_journal_company_idx').on(table.companyId, table.sentAt),
  ],
);

/**
 * One alert to deliver to one channel (the outbox of alerts): a change of the FATF lists, or a sync
 * that started failing. Made once per subject and channel (unique), in the transaction that queues its
 * job; the job posts, then marks it sent with its journal entry in one transaction, so retries and
 * restarts never post a delivered alert again. An e-mail connection that wants a digest gets the day's
 * pending alerts in one message.
 */
export const integrationAlertDeliveries = pgTable(
  'integration_alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['fatf_change', 'sync_failed'] }).notNull(),
    /** What the alert is about: the countries module's change id, or the failed sync run's id. */
    subjectId: uuid('subject_id').notNull(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => integrationConnections.id, { onDelete: 'cascade' }),
    /** What the message is made from (the changed countries; the failed connection and why). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** `sending`: claimed by the delivery job named in `claimedBy` (a digest claims its channel's pending alerts). */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    claimedBy: uuid('claimed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('integration_alert_deliveries_subject_idx').on(table.subjectId, table.connectionId),
    index('integration_alert_deliveries_pending_idx').on(table.connectionId, table.status),
  ],
);

/**
 * A sign-in with a vendor under way (OAuth authorization code with PKCE): made when the user starts
 * it, consumed by the callback, dead after ten minutes. Only hashes of the state and of the browser
 * binding are stored; the code verifier is sealed like a connection secret.
 */
export const integrationOauthStates = pgTable(
  'integration_oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sha256 of the `state` sent to the vendor. */
    stateHash: text('state_hash').notNull(),
    /** sha256 of the random value in the starting browser's cookie: the callback must come from it. */
    browserHash: text('browser_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['onedrive', 'dropbox', 'googledrive', 'box'] }).notNull(),
    /** The PKCE code verifier, sealed. */
    verifierCiphertext: text('verifier_ciphertext').notNull(),
    /** The connection to create (scope, name, settings) or the one to sign in again (connectionId). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('integration_oauth_states_state_idx').on(table.stateHash),
    index('integration_oauth_states_expiry_idx').on(table.expiresAt),
  ],
);

export type IntegrationConnectionRow = typeof integrationConnections.$inferSelect;
export type IntegrationSyncRunRow = typeof integrationSyncRuns.$inferSelect;
export type IntegrationJournalRow = typeof integrationJournal.$inferSelect;
export type IntegrationAlertDeliveryRow = typeof integrationAlertDeliveries.$inferSelect;
