import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  checkoutSessions,
  companies,
  companyMembers,
  invoices,
  paymentEventJournal,
  paymentEvents,
  planGrants,
  plans,
  subscriptions,
  users,
  type CheckoutSessionRow,
  type InvoiceRow,
  type PaymentEventJournalRow,
  type PlanGrantRow,
  type PlanRow,
  type SubscriptionRow,
} from '../../db/schema/index.ts';

export type NewInvoice = Omit<typeof invoices.$inferInsert, 'number'>;
export type NewJournalLine = typeof paymentEventJournal.$inferInsert;

export type NewPlan = typeof plans.$inferInsert;
export type NewCheckout = typeof checkoutSessions.$inferInsert;

/** Who holds a subscription: one user, or a company. */
export type Holder = { userId: string; companyId?: undefined } | { companyId: string; userId?: undefined };

/** Statuses under which the plan's limits apply (past_due: the provider is still retrying). */
const liveStatuses = ['active', 'past_due'] as const;

export interface SubscriptionState {
  status: SubscriptionRow['status'];
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Left out: unchanged. */
  graceUntil?: Date | null;
  /** A plan change the provider applied (left out: unchanged). */
  planId?: string;
  seats?: number;
  interval?: SubscriptionRow['interval'];
  currency?: SubscriptionRow['currency'];
}

function holderCondition(holder: Holder): SQL {
  return holder.companyId ? eq(subscriptions.companyId, holder.companyId) : eq(subscriptions.userId, holder.userId!);
}

export function createBillingRepository(db: Db) {
  return {
    listPlans: (): Promise<PlanRow[]> => db.select().from(plans).orderBy(asc(plans.position), asc(plans.id)),
    async plan(id: string): Promise<PlanRow | null> {
      const [row] = await db.select().from(plans).where(eq(plans.id, id));
      return row ?? null;
    },
    /** Seed rows that are missing (by id); existing plans keep the admins' edits. */
    async insertMissingPlans(rows: NewPlan[]): Promise<void> {
      if (rows.length > 0) await db.insert(plans).values(rows).onConflictDoNothing({ target: plans.id });
    },
    async updatePlan(id: string, changes: Partial<NewPlan>): Promise<PlanRow | null> {
      const [row] = await db
        .update(plans)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(plans.id, id))
        .returning();
      return row ?? null;
    },

    /** The subscription whose limits apply: the user's own first, else their company's; newest wins. */
    async liveSubscription(userId: string, companyId: string | null): Promise<SubscriptionRow | null> {
      const holders = [eq(subscriptions.userId, userId)];
      if (companyId) holders.push(eq(subscriptions.companyId, companyId));
      const rows = await db
        .select()
        .from(subscriptions)
        .where(and(or(...holders), inArray(subscriptions.status, liveStatuses)))
        .orderBy(desc(subscriptions.createdAt))
        .limit(2);
      return rows.find((row) => row.userId === userId) ?? rows[0] ?? null;
    },
    async subscriptionById(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row ?? null;
    },
    async subscriptionByProviderId(provider: 'test' | 'stripe', providerSubscriptionId: string) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(
          and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)),
        );
      return row ?? null;
    },
    async updateSubscriptionState(id: string, state: SubscriptionState): Promise<void> {
      await db
        .update(subscriptions)
        .set({ ...state, updatedAt: new Date() })
        .where(eq(subscriptions.id, id));
    },

    async insertCheckout(values: NewCheckout): Promise<CheckoutSessionRow> {
      const [row] = await db.insert(checkoutSessions).values(values).returning();
      if (!row) throw new Error('Inserting a checkout returned no row');
      return row;
    },
    async checkoutByProviderId(provider: 'test' | 'stripe', providerSessionId: string) {
      const [row] = await db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.provider, provider), eq(checkoutSessions.providerSessionId, providerSessionId)));
      return row ?? null;
    },
    async completeCheckout(id: string): Promise<void> {
      await db
        .update(checkoutSessions)
        .set({ status: 'complete', completedAt: new Date() })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
    },
    async expireCheckout(id: string): Promise<void> {
      await db
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
    },

    /**
     * Turns a verified, paid checkout into the holder's subscription, once: the checkout row is
     * locked, so a webhook and the success page racing each other create one subscription. The
     * holder's previous live subscriptions end (an upgrade replaces the plan).
     */
    async fulfilCheckout(
      checkoutId: string,
      remote: { providerSubscriptionId: string; providerCustomerId: string | null; state: SubscriptionState },
    ): Promise<{ row: SubscriptionRow; replaced: SubscriptionRow[] }> {
      return db.transaction(async (tx) => {
        const [checkout] = await tx
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.id, checkoutId))
          .for('update');
        if (!checkout) throw new Error(`Checkout ${checkoutId} vanished`);
        if (checkout.subscriptionId) {
          const [existing] = await tx.select().from(subscriptions).where(eq(subscriptions.id, checkout.subscriptionId));
          if (existing) return { row: existing, replaced: [] };
        }
        const holder: Holder = checkout.companyId ? { companyId: checkout.companyId } : { userId: checkout.userId };
        const [subscription] = await tx
          .insert(subscriptions)
          .values({
            userId: holder.userId ?? null,
            companyId: holder.companyId ?? null,
            planId: checkout.planId,
            interval: checkout.interval,
            currency: checkout.currency,
            seats: checkout.seats,
            provider: checkout.provider,
            providerSubscriptionId: remote.providerSubscriptionId,
            providerCustomerId: remote.providerCustomerId,
            ...remote.state,
          })
          .onConflictDoUpdate({
            target: [subscriptions.provider, subscriptions.providerSubscriptionId],
            set: { ...remote.state, updatedAt: new Date() },
          })
          .returning();
        if (!subscription) throw new Error('Upserting a subscription returned no row');
        const replaced = await tx
          .update(subscriptions)
          .set({ status: 'canceled', updatedAt: new Date() })
          .where(
            and(
              holderCondition(holder),
              ne(subscriptions.id, subscription.id),
              inArray(subscriptions.status, liveStatuses),
            ),
          )
          .returning();
        await tx
          .update(checkoutSessions)
          .set({ status: 'complete', subscriptionId: subscription.id, completedAt: new Date() })
          .where(eq(checkoutSessions.id, checkoutId));
        return { row: subscription, replaced };
      });
    },

    /** Records an event by its id; false when it was received before (it is then not processed again). */
    async recordEvent(
      provider: 'test' | 'stripe',
      event: { id: string; type: string; objectId: string | null },
    ): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values({ provider, eventId: event.id, type: event.type, objectId: event.objectId })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      return rows.length > 0;
    },
    async finishEvent(provider: 'test' | 'stripe', eventId: string, outcome: string): Promise<void> {
      await db
        .update(paymentEvents)
        .set({ outcome, processedAt: new Date() })
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
    },
    /** A failed event is forgotten so that the provider's retry is processed. */
    async forgetEvent(provider: 'test' | 'stripe', eventId: string): Promise<void> {
      await db
        .delete(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
    },
    /** The payment-event journal: one line per webhook request, whatever became of it. */
    async journal(line: NewJournalLine): Promise<string> {
      const [row] = await db.insert(paymentEventJournal).values(line).returning({ id: paymentEventJournal.id });
      return row!.id;
    },
    /**
     * A bad-signature request: at most `limit` lines per sender and provider within `windowMs`; the
     * rest only count up on one summary line, so a flood of forged requests cannot grow the journal.
     */
    async journalRejected(
      line: { provider: 'test' | 'stripe'; source: string },
      { limit, windowMs, now }: { limit: number; windowMs: number; now: Date },
    ): Promise<'recorded' | 'summarised'> {
      const since = new Date(now.getTime() - windowMs);
      const recent = and(
        eq(paymentEventJournal.provider, line.provider),
        eq(paymentEventJournal.verification, 'invalid_signature'),
        eq(paymentEventJournal.source, line.source),
        gt(paymentEventJournal.receivedAt, since),
      );
      const [counted] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(paymentEventJournal)
        .where(and(recent, eq(paymentEventJournal.outcome, 'rejected')));
      if ((counted?.count ?? 0) < limit) {
        await db
          .insert(paymentEventJournal)
          .values({ ...line, verification: 'invalid_signature', outcome: 'rejected', receivedAt: now });
        return 'recorded';
      }
      const bumped = await db
        .update(paymentEventJournal)
        .set({ repeatCount: sql`${paymentEventJournal.repeatCount} + 1`, receivedAt: now })
        .where(and(recent, eq(paymentEventJournal.outcome, 'rejected-repeated')))
        .returning({ id: paymentEventJournal.id });
      if (bumped.length === 0) {
        await db.insert(paymentEventJournal).values({
          ...line,
          verification: 'invalid_signature',
          outcome: 'rejected-repeated',
          repeatCount: 1,
          receivedAt: now,
        });
      }
      return 'summarised';
    },
    async journalOutcome(id: string, outcome: string): Promise<void> {
      await db.update(paymentEventJournal).set({ outcome }).where(eq(paymentEventJournal.id, id));
    },
    async listJournal(filter: {
      verification?: string;
      type?: string;
      limit: number;
    }): Promise<PaymentEventJournalRow[]> {
      const conditions: SQL[] = [];
      if (filter.verification) {
        conditions.push(
          eq(paymentEventJournal.verification, filter.verification as PaymentEventJournalRow['verification']),
        );
      }
      if (filter.type) conditions.push(eq(paymentEventJournal.type, filter.type));
      return db
        .select()
        .from(paymentEventJournal)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(paymentEventJournal.receivedAt))
        .limit(filter.limit);
    },

    /** The newest grant of a holder still running at `now`. */
    async liveGrant(userId: string, companyId: string | null, now: Date): Promise<PlanGrantRow | null> {
      const holders = [eq(planGrants.userId, userId)];
      if (companyId) holders.push(eq(planGrants.companyId, companyId));
      const rows = await db
        .select()
        .from(planGrants)
        .where(and(or(...holders), gt(planGrants.validUntil, now), isNull(planGrants.revokedAt)))
        .orderBy(desc(planGrants.createdAt))
        .limit(2);
      return rows.find((row) => row.userId === userId) ?? rows[0] ?? null;
    },
    async grantById(id: string): Promise<PlanGrantRow | null> {
      const [row] = await db.select().from(planGrants).where(eq(planGrants.id, id));
      return row ?? null;
    },
    /** Ends a running grant now, once; the row stays with who ended it and why. */
    async revokeGrant(
      id: string,
      revocation: { at: Date; byEmail: string; reason: string },
    ): Promise<PlanGrantRow | null> {
      const [row] = await db
        .update(planGrants)
        .set({ revokedAt: revocation.at, revokedByEmail: revocation.byEmail, revokeReason: revocation.reason })
        .where(and(eq(planGrants.id, id), isNull(planGrants.revokedAt), gt(planGrants.validUntil, revocation.at)))
        .returning();
      return row ?? null;
    },
    async insertGrant(values: typeof planGrants.$inferInsert): Promise<PlanGrantRow> {
      const [row] = await db.insert(planGrants).values(values).returning();
      if (!row) throw new Error('Inserting a grant returned no row');
      return row;
    },

    /** Who bought a subscription: the user whose checkout created it, with their company if any. */
    async buyerOf(subscription: SubscriptionRow) {
      const [checkout] = await db
        .select({ userId: checkoutSessions.userId })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.subscriptionId, subscription.id))
        .limit(1);
      const userId = subscription.userId ?? checkout?.userId ?? null;
      const [user] = userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
      let companyId = subscription.companyId;
      if (!companyId && userId) {
        const [membership] = await db
          .select({ companyId: companyMembers.companyId })
          .from(companyMembers)
          .where(eq(companyMembers.userId, userId));
        companyId = membership?.companyId ?? null;
      }
      const [company] = companyId ? await db.select().from(companies).where(eq(companies.id, companyId)) : [];
      return { user: user ?? null, company: company ?? null };
    },

    async invoiceByProviderId(provider: 'test' | 'stripe', providerInvoiceId: string): Promise<InvoiceRow | null> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.provider, provider), eq(invoices.providerInvoiceId, providerInvoiceId)));
      return row ?? null;
    },
    async invoiceByProviderPaymentId(
      provider: 'test' | 'stripe',
      providerPaymentId: string,
    ): Promise<InvoiceRow | null> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.provider, provider), eq(invoices.providerPaymentId, providerPaymentId)));
      return row ?? null;
    },
    /** Records an invoice once per provider invoice; its number comes from the sequence. */
    async insertInvoice(values: NewInvoice): Promise<InvoiceRow> {
      const year = (values.issuedAt ?? new Date()).getUTCFullYear();
      const [row] = await db
        .insert(invoices)
        .values({
          ...values,
          number: sql`${`INV-${year}-`} || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
        })
        .onConflictDoNothing({ target: [invoices.provider, invoices.providerInvoiceId] })
        .returning();
      const found = row ?? (await this.invoiceByProviderId(values.provider, values.providerInvoiceId));
      if (!found) throw new Error('Invoice vanished after insert');
      return found;
    },
    async invoiceById(id: string): Promise<InvoiceRow | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      return row ?? null;
    },
    /** The invoices a user sees: their own, and their company's when they manage its billing. */
    listInvoices(userId: string, companyId: string | null): Promise<InvoiceRow[]> {
      const holders = [eq(invoices.userId, userId)];
      if (companyId) holders.push(eq(invoices.companyId, companyId));
      return db
        .select()
        .from(invoices)
        .where(or(...holders))
        .orderBy(desc(invoices.issuedAt));
    },
    listAllInvoices(limit: number): Promise<InvoiceRow[]> {
      return db.select().from(invoices).orderBy(desc(invoices.issuedAt)).limit(limit);
    },
    async markInvoiceRefunded(id: string, at: Date): Promise<InvoiceRow | null> {
      const [row] = await db
        .update(invoices)
        .set({ status: 'refunded', refundedAt: at })
        .where(and(eq(invoices.id, id), eq(invoices.status, 'paid')))
        .returning();
      return row ?? null;
    },

    async eventCount(provider: 'test' | 'stripe'): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(paymentEvents)
        .where(eq(paymentEvents.provider, provider));
      return row?.count ?? 0;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
