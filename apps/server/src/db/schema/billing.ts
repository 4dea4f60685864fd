import type { PlanPrices } from '@compliance/shared/billing';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { users } from './users.ts';

/** A plan and every limit it sets (seeded from content/plans.json, edited by admins). */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Minor units per currency and interval: `{ CHF: { month, year }, EUR: …, USD: … }`. */
  prices: jsonb('prices').$type<PlanPrices>().notNull(),
  storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull(),
  monthlyTokens: bigint('monthly_tokens', { mode: 'number' }).notNull(),
  seats: integer('seats').notNull().default(1),
  marketplaceSelling: boolean('marketplace_selling').notNull().default(false),
  perSeat: boolean('per_seat').notNull().default(false),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PlanRow = typeof plans.$inferSelect;

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  size: text('size').notNull(),
  type: text('type').notNull(),
  country: text('country').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CompanyRow = typeof companies.$inferSelect;

/** A user belongs to at most one company; the company's admin manages members and billing. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId] }),
    uniqueIndex('company_members_user_unique').on(table.userId),
    check('company_members_role_check', sql`${table.role} in ('admin', 'member')`),
  ],
);

/** What /onboarding/user asks besides name and language (which live on the user). */
export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  jobRole: text('job_role'),
  interests: jsonb('interests')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A paid plan held by one user or by a company. Only verified payments create or change a row
 * (a signed webhook, or the server's own read of the checkout at the provider).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    currency: text('currency', { enum: ['CHF', 'EUR', 'USD'] }).notNull(),
    seats: integer('seats').notNull().default(1),
    status: text('status', { enum: ['active', 'past_due', 'canceled', 'incomplete'] }).notNull(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_provider_subscription_unique').on(table.provider, table.providerSubscriptionId),
    index('subscriptions_user_idx').on(table.userId),
    index('subscriptions_company_idx').on(table.companyId),
    check('subscriptions_holder_check', sql`(${table.userId} is null) <> (${table.companyId} is null)`),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A checkout started by a user; completed only from the provider's verified answer. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    currency: text('currency', { enum: ['CHF', 'EUR', 'USD'] }).notNull(),
    seats: integer('seats').notNull().default(1),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('checkout_sessions_provider_session_unique').on(table.provider, table.providerSessionId)],
);
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/**
 * A one-time payment another module asked for (a marketplace purchase): paid only when the
 * provider says so when asked, then handed to the module named by `purpose` once.
 */
export const oneTimePayments = pgTable(
  'one_time_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    /** The payment intent, once paid (what a refund names). */
    providerPaymentId: text('provider_payment_id'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The purpose's own id (a marketplace purchase). */
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    currency: text('currency', { enum: ['CHF', 'EUR', 'USD'] }).notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['open', 'paid', 'expired', 'refunded'] })
      .notNull()
      .default('open'),
    successPath: text('success_path').notNull(),
    cancelPath: text('cancel_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('one_time_payments_provider_session_unique').on(table.provider, table.providerSessionId),
    index('one_time_payments_reference_idx').on(table.purpose, table.reference),
  ],
);
export type OneTimePaymentRow = typeof oneTimePayments.$inferSelect;

/** Every provider event received: processed once by its id, with what it changed. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    objectId: text('object_id'),
    outcome: text('outcome').notNull().default('received'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * The built-in TEST MODE provider's own records (its "remote" checkout sessions, payments and
 * subscriptions), kept apart from ours so that it is verified exactly as an outside provider is.
 */
export const testProviderObjects = pgTable(
  'test_provider_objects',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: ['checkout_session', 'subscription', 'payment'] }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('test_provider_objects_type_check', sql`${table.type} in ('checkout_session', 'subscription', 'payment')`),
  ],
);

/** Append-only: every unit of a metered item a user used or freed, and the action that did it. */
export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['tokens', 'storage'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('usage_ledger_user_created_idx').on(table.userId, table.createdAt),
    check('usage_ledger_kind_check', sql`${table.kind} in ('tokens', 'storage')`),
  ],
);
