import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const verificationPurposes = ['email_verification', 'password_reset', 'email_change'] as const;
export type VerificationPurpose = (typeof verificationPurposes)[number];

/**
 * One-time codes sent by e-mail (6 digits, optionally a long link token for password resets). Only
 * salted hashes are stored; a code dies when used, expired, or after too many wrong tries.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: verificationPurposes }).notNull(),
    /** `salt:sha256(salt:code)` in hex. */
    codeHash: text('code_hash').notNull(),
    /** sha256 of the link token (password resets only). */
    tokenHash: text('token_hash'),
    /** The address being confirmed (e-mail changes only). */
    newEmail: text('new_email'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('verification_codes_user_purpose_idx').on(table.userId, table.purpose),
    index('verification_codes_token_hash_idx').on(table.tokenHash),
    check(
      'verification_codes_purpose_check',
      sql`${table.purpose} in ('email_verification', 'password_reset', 'email_change')`,
    ),
  ],
);
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/** Failed sign-in counters per account and per client IP (brute-force protection). */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    /** `account:<email>` or `ip:<address>`. */
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key] })],
);
export type LoginThrottleRow = typeof loginThrottles.$inferSelect;

export const mailStatuses = ['queued', 'sent', 'stored', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * Every e-mail the app sends. Without SMTP this table is the mailbox (status `stored`, also logged to
 * the console); with SMTP it records delivery.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: mailStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_user_id_idx').on(table.userId),
    check('mail_outbox_status_check', sql`${table.status} in ('queued', 'sent', 'stored', 'failed')`),
  ],
);
export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Who did what: sign-ins, failed sign-ins, password changes and every admin action. Rows outlive the
 * users they name (the ids become null; the e-mail addresses stay in the row).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetEmail: text('target_email'),
    ipAddress: text('ip_address').notNull().default(''),
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_actor_idx').on(table.actorUserId),
    index('audit_log_target_idx').on(table.targetUserId),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

/** Per-account preferences of the settings screen (the language lives on `users`). */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultAssistant: text('default_assistant').notNull().default('expert'),
  knowledgeBaseSearch: boolean('knowledge_base_search').notNull().default(true),
  sessionLifetimeDays: integer('session_lifetime_days').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type UserSettingsRow = typeof userSettings.$inferSelect;
