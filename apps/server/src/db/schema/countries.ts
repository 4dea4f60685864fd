import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const fatfStatuses = ['not_listed', 'grey', 'black', 'no_listing'] as const;
export type FatfStatus = (typeof fatfStatuses)[number];
export const fatfBlackListActions = ['countermeasures', 'enhanced_due_diligence'] as const;
export type FatfBlackListAction = (typeof fatfBlackListActions)[number];

/** `{ en, de, fr, it }` */
export type LocalizedColumn = { en: string; de: string; fr: string; it: string };

/** Every jurisdiction of the FATF country pages (ISO 3166-1) with its current listing status. */
export const fatfJurisdictions = pgTable(
  'fatf_jurisdictions',
  {
    iso2: text('iso2').primaryKey(),
    iso3: text('iso3').notNull(),
    nameEn: text('name_en').notNull(),
    nameDe: text('name_de').notNull(),
    nameFr: text('name_fr').notNull(),
    nameIt: text('name_it').notNull(),
    region: text('region').notNull(),
    fatfMember: boolean('fatf_member').notNull().default(false),
    /** FSRB codes (regional-bodies.json), sorted. */
    fsrbs: jsonb('fsrbs').$type<string[]>().notNull().default([]),
    status: text('status', { enum: fatfStatuses }).notNull(),
    blackListAction: text('black_list_action', { enum: fatfBlackListActions }),
    statusSince: date('status_since', { mode: 'string' }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an import dropped the jurisdiction: kept with its history, visible to admins only. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('fatf_jurisdictions_iso2_check', sql`${table.iso2} ~ '^[A-Z]{2}$'`),
    check('fatf_jurisdictions_status_check', sql`${table.status} in ('not_listed', 'grey', 'black', 'no_listing')`),
    check('fatf_jurisdictions_action_check', sql`(${table.status} = 'black') = (${table.blackListAction} is not null)`),
  ],
);
export type FatfJurisdictionRow = typeof fatfJurisdictions.$inferSelect;

/** The listing history: one row per change of a jurisdiction's status (or its entry into/exit from the data). */
export const fatfStatusChanges = pgTable(
  'fatf_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    iso2: text('iso2')
      .notNull()
      .references(() => fatfJurisdictions.iso2, { onDelete: 'cascade' }),
    /** null: entered the data set. */
    fromStatus: text('from_status', { enum: fatfStatuses }),
    /** null: left the data set. */
    toStatus: text('to_status', { enum: fatfStatuses }),
    blackListAction: text('black_list_action', { enum: fatfBlackListActions }),
    effectiveDate: date('effective_date', { mode: 'string' }),
    /** The first plenary of the shipped history: "already listed before", not a change. */
    baseline: boolean('baseline').notNull().default(false),
    plenaryName: jsonb('plenary_name').$type<LocalizedColumn>(),
    source: text('source', { enum: ['content', 'admin', 'import'] }).notNull(),
    note: text('note').notNull().default(''),
    /** Who made the change (admin edits and imports); null for shipped content. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('fatf_status_changes_iso2_idx').on(table.iso2, table.effectiveDate),
    index('fatf_status_changes_recorded_idx').on(table.recordedAt),
  ],
);
export type FatfStatusChangeRow = typeof fatfStatusChanges.$inferSelect;

/**
 * The data set as a whole (one row, id 'current'): the date the lists are as of, the last review,
 * the texts shipped in content/fatf, and a version that every change increments (import previews
 * are applied only on the version they were computed on).
 */
export const fatfDataset = pgTable('fatf_dataset', {
  id: text('id').primaryKey(),
  version: integer('version').notNull().default(0),
  asOf: date('as_of', { mode: 'string' }).notNull(),
  /** asOf of the content/fatf files last loaded: newer files are loaded at the next start. */
  contentAsOf: date('content_as_of', { mode: 'string' }).notNull(),
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }).notNull().defaultNow(),
  /** statuses.json */
  statusTexts: jsonb('status_texts').notNull(),
  /** regional-bodies.json */
  regionalBodies: jsonb('regional_bodies').notNull(),
  /** meta.json sources and credits */
  sources: jsonb('sources').notNull(),
  credits: jsonb('credits').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type FatfDatasetRow = typeof fatfDataset.$inferSelect;
