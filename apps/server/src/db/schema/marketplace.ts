import type { Placeholder } from '@compliance/shared/prompts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A prompt or a whole category an author published. Its content is a snapshot (listing_items) taken
 * at publication and again at each "publish update"; the author's library stays theirs to change.
 */
export const marketplaceListings = pgTable(
  'marketplace_listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['prompt', 'category'] }).notNull(),
    /** The prompt or category it was published from; null once the author deletes it. */
    sourceId: uuid('source_id'),
    title: text('title').notNull(),
    teaser: text('teaser').notNull(),
    description: text('description').notNull().default(''),
    exampleOutput: text('example_output').notNull().default(''),
    topic: text('topic').notNull(),
    language: text('language').notNull(),
    currency: text('currency', { enum: ['CHF', 'EUR', 'USD'] }).notNull(),
    /** Minor units; 0 for free. */
    price: integer('price').notNull(),
    status: text('status', { enum: ['published', 'unpublished', 'removed'] })
      .notNull()
      .default('published'),
    version: integer('version').notNull().default(1),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('marketplace_listings_author_idx').on(table.authorId),
    index('marketplace_listings_status_idx').on(table.status, table.publishedAt),
    check('marketplace_listings_price_check', sql`${table.price} >= 0`),
    check('marketplace_listings_kind_check', sql`${table.kind} in ('prompt', 'category')`),
    check('marketplace_listings_status_check', sql`${table.status} in ('published', 'unpublished', 'removed')`),
  ],
);
export type MarketplaceListingRow = typeof marketplaceListings.$inferSelect;

/** One prompt of a listing's published content (one for a prompt listing, several for a category). */
export const marketplaceListingItems = pgTable(
  'marketplace_listing_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: 'cascade' }),
    /** The author's prompt it copies: an update replaces the item of the same prompt in place. */
    sourcePromptId: uuid('source_prompt_id'),
    title: text('title').notNull(),
    instructions: text('instructions').notNull(),
    placeholders: jsonb('placeholders')
      .$type<Placeholder[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The listing version that last changed it. */
    version: integer('version').notNull().default(1),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('marketplace_listing_items_listing_idx').on(table.listingId, table.position),
    uniqueIndex('marketplace_listing_items_source_unique').on(table.listingId, table.sourcePromptId),
  ],
);
export type MarketplaceListingItemRow = typeof marketplaceListingItems.$inferSelect;

/**
 * A buyer's purchase of a listing: `paid` is a licence. A paid purchase is granted only from a
 * verified payment (or at once for a free listing); a refund revokes it. At most one paid purchase
 * per buyer and listing, so a double click or a replayed event buys once.
 */
export const marketplacePurchases = pgTable(
  'marketplace_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['CHF', 'EUR', 'USD'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'refunded', 'failed'] })
      .notNull()
      .default('pending'),
    /** The billing module's payment for it (null for a free listing). */
    paymentId: uuid('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('marketplace_purchases_paid_unique')
      .on(table.listingId, table.buyerId)
      .where(sql`${table.status} = 'paid'`),
    uniqueIndex('marketplace_purchases_pending_unique')
      .on(table.listingId, table.buyerId)
      .where(sql`${table.status} = 'pending'`),
    index('marketplace_purchases_buyer_idx').on(table.buyerId, table.status),
    check('marketplace_purchases_status_check', sql`${table.status} in ('pending', 'paid', 'refunded', 'failed')`),
  ],
);
export type MarketplacePurchaseRow = typeof marketplacePurchases.$inferSelect;

/** One review per verified buyer and listing; the author may answer it once (and edit the answer). */
export const marketplaceReviews = pgTable(
  'marketplace_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Removed by a moderator: kept for the record, no longer shown or counted. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('marketplace_reviews_listing_reviewer_unique').on(table.listingId, table.reviewerId),
    check('marketplace_reviews_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);

/** A report of abuse (a listing or one of its reviews), waiting in the admins' queue until resolved. */
export const marketplaceReports = pgTable(
  'marketplace_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').references(() => marketplaceReviews.id, { onDelete: 'cascade' }),
    /** Who reported it; null for the marketplace's own check (a near-duplicate at publishing). */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The other author's listing whose instructions this one's nearly repeats (the automatic flag). */
    duplicateOfId: uuid('duplicate_of_id').references(() => marketplaceListings.id, { onDelete: 'set null' }),
    /** How alike the instructions are, in percent (Jaccard similarity of their three-word shingles). */
    similarity: integer('similarity'),
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [index('marketplace_reports_open_idx').on(table.resolvedAt, table.createdAt)],
);

/** What an author says about themselves on their page. */
export const marketplaceAuthors = pgTable('marketplace_authors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
