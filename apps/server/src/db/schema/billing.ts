import type { PlanPrices } from '@compliance/shared/billing';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
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
  /** Personal integrations a user may keep (organisation connections are the admins'). */
  connections: integer('connections').notNull().default(5),
  perSeat: boolean('per_seat').notNull().default(false),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PlanRow = typeof plans.$inferSelect;

/** A company and its profile (identifiers stored in their canonical form, checked before saving). */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  legalName: text('legal_name').notNull().default(''),
  street: text('street').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  city: text('city').notNull().default(''),
  size: text('size').notNull(),
  type: text('type').notNull(),
  country: text('country').notNull(),
  /** Swiss UID as CHE-123.456.789. */
  uid: text('uid'),
  /** Legal Entity Identifier (ISO 17442), 20 characters. */
  lei: text('lei'),
  /** FINMA, a self-regulatory organisation, the SEC, a state regulator or other (see companySupervisors). */
  supervisor: text('supervisor'),
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

/**
 * A colleague invited by e-mail to join a company. The link carries a random token; only its SHA-256
 * is stored. It works once (accepted_at), until expires_at, unless revoked; an open invitation holds
 * a seat. At most one open invitation per company and address.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('company_invitations_token_unique').on(table.tokenHash),
    uniqueIndex('company_invitations_open_unique')
      .on(table.companyId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    index('company_invitations_company_idx').on(table.companyId),
  ],
);
export type CompanyInvitationRow = typeof companyInvitations.$inferSelect;

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
    /** Set when a renewal payment failed: the plan's limits hold until then, the Free plan's after. */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
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
    /**
     * `change`: a plan or seat change of `subscriptionId` (set from the start), prorated by the
     * provider; complete once the provider's subscription shows the change.
     */
    kind: text('kind', { enum: ['subscribe', 'change'] })
      .notNull()
      .default('subscribe'),
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
    type: text('type', { enum: ['checkout_session', 'subscription', 'payment', 'invoice'] }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'test_provider_objects_type_check',
      sql`${table.type} in ('checkout_session', 'subscription', 'payment', 'invoice')`,
    ),
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

/**
 * The payment-event journal: one line for every request on the webhook, whatever its fate — a bad
 * signature, a duplicate, or a verified event with what processing it changed.
 */
export const paymentEventJournal = pgTable(
  'payment_event_journal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** Null when the signature did not verify (nothing in the body is trusted then). */
    eventId: text('event_id'),
    type: text('type'),
    objectId: text('object_id'),
    verification: text('verification', { enum: ['verified', 'invalid_signature', 'duplicate'] }).notNull(),
    /** What processing changed (e.g. subscription-active, invoice-created), or why it failed. */
    outcome: text('outcome'),
    /** The sender's IP address (bad signatures are journalled in bounded numbers per sender). */
    source: text('source'),
    /** How many requests this line stands for: >1 on the summary line of a bad-signature flood. */
    repeatCount: integer('repeat_count').notNull().default(1),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_event_journal_received_idx').on(table.receivedAt),
    index('payment_event_journal_source_idx').on(table.verification, table.source, table.receivedAt),
    check(
      'payment_event_journal_verification_check',
      sql`${table.verification} in ('verified', 'invalid_signature', 'duplicate')`,
    ),
  ],
);
export type PaymentEventJournalRow = typeof paymentEventJournal.$inferSelect;

/** A plan an admin gave a user or a company until a date, without a payment. */
export const planGrants = pgTable(
  'plan_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    /** Seats a per-seat plan covers under this grant. */
    seats: integer('seats').notNull().default(1),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    grantedByEmail: text('granted_by_email').notNull(),
    /** Ended early by an admin (the row stays, with who and why). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByEmail: text('revoked_by_email'),
    revokeReason: text('revoke_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('plan_grants_user_idx').on(table.userId),
    index('plan_grants_company_idx').on(table.companyId),
    check('plan_grants_holder_check', sql`(${table.userId} is null) <> (${table.companyId} is null)`),
  ],
);
export type PlanGrantRow = typeof planGrants.$inferSelect;

/** Invoice numbers: gapless enough for bookkeeping, never reused. */
export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1, increment: 1 });

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Minor units, VAT included. */
  unitAmount: number;
  amount: number;
}

/** An invoice for each verified payment of a subscription (the first and every renewal). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    /** The payment a refund names (Stripe: the payment intent). */
    providerPaymentId: text('provider_payment_id'),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerCountry: text('buyer_country'),
    currency: text('currency', { enum: ['CHF', 'EUR', 'USD'] }).notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    net: integer('net').notNull(),
    /** Basis points: 810 = 8.1 %. */
    vatRate: integer('vat_rate').notNull(),
    vat: integer('vat').notNull(),
    total: integer('total').notNull(),
    status: text('status', { enum: ['paid', 'refunded'] })
      .notNull()
      .default('paid'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** The provider's own invoice page and PDF (Stripe), when it has them. */
    hostedUrl: text('hosted_url'),
    providerPdfUrl: text('provider_pdf_url'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    uniqueIndex('invoices_provider_invoice_unique').on(table.provider, table.providerInvoiceId),
    index('invoices_user_idx').on(table.userId),
    index('invoices_company_idx').on(table.companyId),
    check('invoices_status_check', sql`${table.status} in ('paid', 'refunded')`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;
