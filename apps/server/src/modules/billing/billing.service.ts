import fs from 'node:fs/promises';
import {
  GRACE_PERIOD_DAYS,
  planSeedFileSchema,
  type BillingNotice,
  type BillingOverview,
  type CheckoutCreated,
  type CheckoutStatus,
  type CreateCheckoutInput,
  type PlanDto,
  type SubscriptionDto,
  type UpdatePlanInput,
} from '@compliance/shared/billing';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutSessionRow, PlanGrantRow, PlanRow, SubscriptionRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { isCompanyAdmin, type Access } from '../access/access.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { Plan } from '../entitlements/plans.ts';
import type { OnboardingService } from '../onboarding/onboarding.service.ts';
import type { BillingRepository, SubscriptionState } from './billing.repository.ts';
import type { PaymentProvider, ProviderCheckout, ProviderSubscription, VerifiedEvent } from './payment-provider.ts';
import type { PaymentsService } from './payments.service.ts';
import type { InvoicesService } from './invoices.service.ts';

export const defaultPlansFile = new URL('../../../../../content/plans.json', import.meta.url);

export interface BillingServiceDeps {
  access: Access;
  repository: BillingRepository;
  entitlements: EntitlementsService;
  onboarding: OnboardingService;
  provider: PaymentProvider;
  /** One-time payments: their checkout events arrive on the same webhook. */
  payments: PaymentsService;
  invoices: InvoicesService;
  mail: Pick<MailService, 'queue'>;
  /** The app's public address (links in e-mails). */
  publicUrl: string;
  /** The clock every period and grace decision reads (tests pass their own). */
  now: () => Date;
  log: FastifyBaseLogger;
}

const DAY_MS = 86_400_000;

/**
 * Bad-signature requests journalled one by one, per sender and provider, within the window; more
 * only count up on one summary line (the webhook's per-IP rate limit, RATE_LIMIT_WEBHOOK, bounds the rate).
 */
export const REJECTED_EVENTS_JOURNALLED = 20;
export const REJECTED_EVENTS_WINDOW_MS = 3_600_000;

/** The end of the grace period that a renewal failing at `failedAt` opens. */
export function graceEnd(failedAt: Date): Date {
  return new Date(failedAt.getTime() + GRACE_PERIOD_DAYS * DAY_MS);
}

/** Whether a subscription's plan applies at `now`: active, or past due within its grace period. */
export function subscriptionApplies(row: SubscriptionRow, now: Date): boolean {
  if (row.status === 'active') return true;
  return row.status === 'past_due' && row.graceUntil !== null && row.graceUntil > now;
}

/** Events whose object is a checkout session, and those about a subscription's state. */
const checkoutEvents = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);
const subscriptionEvents = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
]);

/** A payment given back at the provider (e.g. from Stripe's dashboard): what it paid for ends. */
const refundEvents = new Set(['charge.refunded']);

/** Events about a paid invoice: the invoice is re-read and recorded once. */
const invoicePaidEvents = new Set(['invoice.paid', 'invoice.payment_succeeded']);

/** The shipped names and descriptions (content/plans.json), to tell admins' edits apart. */
type ShippedText = Map<string, { name: string; description: string }>;

export function toPlanDto(row: PlanRow, shipped: ShippedText = new Map()): PlanDto {
  const original = shipped.get(row.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    prices: row.prices,
    limits: {
      storageBytes: row.storageBytes,
      monthlyTokens: row.monthlyTokens,
      seats: row.seats,
      marketplaceSelling: row.marketplaceSelling,
      connections: row.connections,
    },
    perSeat: row.perSeat,
    active: row.active,
    position: row.position,
    customized: !original || original.name !== row.name || original.description !== row.description,
  };
}

function toSubscriptionDto(row: SubscriptionRow, now: Date): SubscriptionDto {
  return {
    id: row.id,
    planId: row.planId,
    interval: row.interval,
    currency: row.currency,
    seats: row.seats,
    status: row.status,
    provider: row.provider,
    forCompany: row.companyId !== null,
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    graceUntil: row.graceUntil?.toISOString() ?? null,
    graceExpired: row.status === 'past_due' && !subscriptionApplies(row, now),
  };
}

const stateOf = (remote: ProviderSubscription) => ({
  status: remote.status,
  currentPeriodStart: remote.currentPeriodStart,
  currentPeriodEnd: remote.currentPeriodEnd,
  cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
});

/** Whether a subscription now holds what a change asked for. */
const holdsChange = (
  row: Pick<SubscriptionRow, 'planId' | 'seats' | 'interval' | 'currency'>,
  change: Pick<SubscriptionRow, 'planId' | 'seats' | 'interval' | 'currency'>,
) =>
  row.planId === change.planId &&
  row.seats === change.seats &&
  row.interval === change.interval &&
  row.currency === change.currency;

/**
 * Plans, checkout and subscriptions. Access follows only what the provider confirms when asked:
 * a signed event names an object, which is then re-read from the provider (so duplicates and
 * out-of-order events converge on the provider's current state), and the success page's check
 * asks the provider too. The browser's redirect proves nothing.
 */
export function createBillingService({
  access,
  repository,
  entitlements,
  onboarding,
  provider,
  payments,
  invoices,
  mail,
  publicUrl,
  now,
  log,
}: BillingServiceDeps) {
  const shipped: ShippedText = new Map();
  const planDto = (row: PlanRow) => toPlanDto(row, shipped);
  const subscriptionDto = (row: SubscriptionRow) => toSubscriptionDto(row, now());

  /**
   * What applies to a user: their own paid subscription (within its grace period when a renewal
   * failed), else a plan an admin granted them, else their company's subscription or grant.
   */
  async function holding(userId: string, companyId: string | null) {
    const at = now();
    const [subscription, grant] = await Promise.all([
      repository.liveSubscription(userId, companyId),
      repository.liveGrant(userId, companyId, at),
    ]);
    const paid = subscription && subscriptionApplies(subscription, at) ? subscription : null;
    const candidates: ({ kind: 'subscription'; row: SubscriptionRow } | { kind: 'grant'; row: PlanGrantRow })[] = [];
    if (paid) candidates.push({ kind: 'subscription', row: paid });
    if (grant) candidates.push({ kind: 'grant', row: grant });
    // The holder's own comes before their company's.
    const applied = candidates.find((candidate) => candidate.row.userId === userId) ?? candidates[0] ?? null;
    return { subscription, applied };
  }

  /** The plan a user holds (see `holding`), else the Free plan. */
  async function planSource(userId: string): Promise<Plan | null> {
    const membership = await onboarding.membership(userId);
    const { applied } = await holding(userId, membership?.companyId ?? null);
    const row = await repository.plan(applied?.row.planId ?? 'free');
    if (!row) return null;
    return {
      id: row.id,
      limits: {
        storageBytes: row.storageBytes,
        monthlyTokens: row.monthlyTokens,
        anonymousDailyQuestions: entitlements.defaultPlan.limits.anonymousDailyQuestions,
        // A per-seat plan covers the seats bought, not the plan's ceiling.
        seats: applied && row.perSeat ? applied.row.seats : row.seats,
        marketplaceSelling: row.marketplaceSelling,
        connections: row.connections,
      },
    };
  }

  /** The holder's other live subscriptions end at the provider too (a plan change replaced them). */
  async function endReplaced(replaced: SubscriptionRow[]) {
    for (const old of replaced) {
      await provider.cancelNow(old.providerSubscriptionId).catch((error: unknown) => {
        log.warn({ err: error, subscriptionId: old.id }, 'could not end a replaced subscription at the provider');
      });
    }
  }

  /** Tells the subscription's buyer that a renewal failed, in their language, with the grace period's end. */
  async function notifyPaymentFailed(subscription: SubscriptionRow, graceUntil: Date) {
    const { user } = await repository.buyerOf(subscription);
    if (!user) return;
    const plan = await repository.plan(subscription.planId);
    const date = new Intl.DateTimeFormat(user.language, { dateStyle: 'long', timeZone: 'UTC' }).format(graceUntil);
    await mail.queue(
      { userId: user.id, email: user.email, language: user.language },
      {
        name: 'payment_failed',
        vars: {
          firstName: user.firstName,
          planName: plan?.name ?? subscription.planId,
          graceUntil: date,
          link: `${publicUrl}/subscription`,
        },
      },
    );
  }

  async function fulfil(checkoutId: string, remote: ProviderCheckout): Promise<SubscriptionRow | null> {
    if (!remote.paid || remote.status !== 'complete' || !remote.subscriptionId) return null;
    const subscription = await provider.retrieveSubscription(remote.subscriptionId);
    const { row, replaced } = await repository.fulfilCheckout(checkoutId, {
      providerSubscriptionId: subscription.id,
      providerCustomerId: remote.customerId,
      state: stateOf(subscription),
    });
    await endReplaced(replaced);
    // The first invoice may have been announced before the subscription was known here.
    if (subscription.latestInvoiceId) await invoices.syncInvoice(subscription.latestInvoiceId);
    return row;
  }

  /** Re-reads a checkout at the provider and applies what it says. */
  async function syncCheckout(providerSessionId: string): Promise<string> {
    const checkout = await repository.checkoutByProviderId(provider.kind, providerSessionId);
    if (!checkout) return (await payments.syncByProviderSession(providerSessionId)) ?? 'unknown-checkout';
    const remote = await provider.retrieveCheckout(providerSessionId);
    if (remote.status === 'expired') {
      await repository.expireCheckout(checkout.id);
      return 'checkout-expired';
    }
    return (await fulfil(checkout.id, remote)) ? 'subscription-active' : 'not-paid';
  }

  /** Re-reads a subscription at the provider; an unknown one waits for its checkout's completion. */
  async function syncSubscription(providerSubscriptionId: string): Promise<string> {
    const local = await repository.subscriptionByProviderId(provider.kind, providerSubscriptionId);
    if (!local) return 'unknown-subscription';
    const remote = await provider.retrieveSubscription(providerSubscriptionId);
    const state: SubscriptionState = stateOf(remote);
    // A plan change applies once the provider's subscription shows it (Stripe keeps an unpaid one pending).
    let changed = false;
    if (remote.plan && !holdsChange(local, remote.plan) && (await repository.plan(remote.plan.planId))) {
      Object.assign(state, remote.plan);
      changed = true;
      log.info({ subscriptionId: local.id, from: local.planId, to: remote.plan.planId }, 'subscription plan changed');
    }
    const suffix = changed ? '-plan-changed' : '';
    if (remote.status === 'past_due') {
      // A failed renewal opens the grace period once; later events keep its end.
      if (!local.graceUntil) {
        state.graceUntil = graceEnd(now());
        await repository.updateSubscriptionState(local.id, state);
        await notifyPaymentFailed(local, state.graceUntil);
        return 'subscription-past_due-grace-started';
      }
    } else if (local.graceUntil) {
      state.graceUntil = null;
      await repository.updateSubscriptionState(local.id, state);
      return (remote.status === 'active' ? 'subscription-active-recovered' : `subscription-${remote.status}`) + suffix;
    }
    await repository.updateSubscriptionState(local.id, state);
    return `subscription-${remote.status}${suffix}`;
  }

  /**
   * A plan, seat or interval change of the holder's running subscription: the provider prorates
   * the rest of the period and charges it; the new plan applies only when a signed event makes
   * `syncSubscription` read it from the provider.
   */
  async function startChange(
    caller: UserActor,
    current: SubscriptionRow,
    change: {
      plan: PlanRow;
      interval: SubscriptionRow['interval'];
      currency: SubscriptionRow['currency'];
      seats: number;
      unitAmount: number;
    },
  ): Promise<CheckoutCreated> {
    if (holdsChange(current, { planId: change.plan.id, ...change })) {
      throw new AppError('CONFLICT', 409, 'The subscription already holds this plan');
    }
    const reference = crypto.randomUUID();
    const started = await provider.changeSubscription({
      reference,
      subscriptionId: current.providerSubscriptionId,
      planId: change.plan.id,
      planName: change.plan.name,
      interval: change.interval,
      currency: change.currency,
      seats: change.seats,
      unitAmount: change.unitAmount,
      email: caller.user.email,
    });
    await repository.insertCheckout({
      id: reference,
      kind: 'change',
      provider: provider.kind,
      providerSessionId: started.sessionId,
      userId: caller.user.id,
      companyId: current.companyId,
      subscriptionId: current.id,
      planId: change.plan.id,
      interval: change.interval,
      currency: change.currency,
      seats: change.seats,
      amount: started.amount ?? change.unitAmount * change.seats,
    });
    return { sessionId: started.sessionId, url: started.url };
  }

  /** A change's state for the success page: complete once the subscription holds it (set by a verified event). */
  async function changeStatus(checkout: CheckoutSessionRow): Promise<CheckoutStatus> {
    const subscription = checkout.subscriptionId ? await repository.subscriptionById(checkout.subscriptionId) : null;
    const done = checkout.status === 'complete' || (subscription !== null && holdsChange(subscription, checkout));
    if (done && checkout.status !== 'complete') await repository.completeCheckout(checkout.id);
    return {
      sessionId: checkout.providerSessionId,
      status: done ? 'complete' : checkout.status,
      paid: done,
      planId: checkout.planId,
      interval: checkout.interval,
      currency: checkout.currency,
      seats: checkout.seats,
      amount: checkout.amount,
      subscription: done && subscription ? subscriptionDto(subscription) : null,
    };
  }

  async function holderFor(caller: UserActor, plan: PlanRow) {
    const membership = await onboarding.membership(caller.user.id);
    if (membership) await access.require(caller, 'billing.manage', { type: 'company', id: membership.companyId });
    if (plan.perSeat && !membership) {
      throw new AppError('COMPANY_NOT_FOUND', 404, 'A team plan belongs to a company: create it first');
    }
    return { membership, companyId: plan.perSeat ? (membership?.companyId ?? null) : null };
  }

  /** The live subscription the caller may change: their own, or their company's as its admin. */
  async function managedSubscription(caller: UserActor): Promise<SubscriptionRow> {
    const membership = await onboarding.membership(caller.user.id);
    const subscription = await repository.liveSubscription(caller.user.id, membership?.companyId ?? null);
    if (!subscription) throw new AppError('NOT_FOUND', 404, 'No subscription');
    if (subscription.companyId) {
      await access.require(caller, 'billing.manage', { type: 'company', id: subscription.companyId });
    }
    return subscription;
  }

  async function overview(caller: UserActor): Promise<BillingOverview> {
    const membership = await onboarding.membership(caller.user.id);
    const [{ subscription, applied }, usage, plan] = await Promise.all([
      holding(caller.user.id, membership?.companyId ?? null),
      entitlements.usage(caller),
      entitlements.planFor(caller),
    ]);
    const row = (await repository.plan(plan.id)) ?? (await repository.plan('free'));
    if (!row) throw new AppError('PLAN_NOT_FOUND', 404, 'No plan');
    const seatsUsed = membership ? await onboarding.memberCount(membership.companyId) : 1;
    return {
      provider: provider.kind,
      plan: planDto(row),
      subscription: subscription ? subscriptionDto(subscription) : null,
      canManage: !membership || isCompanyAdmin(membership),
      inCompany: Boolean(membership),
      grant:
        applied?.kind === 'grant'
          ? { planId: applied.row.planId, validUntil: applied.row.validUntil.toISOString() }
          : null,
      usage: {
        tokens: { used: usage.tokens.used, limit: usage.tokens.limit, period: usage.tokens.period },
        storage: { used: usage.storage.usedBytes, limit: usage.storage.limitBytes },
        seats: { used: seatsUsed, limit: plan.limits.seats },
      },
    };
  }

  return {
    planSource,

    /** Adds the plans of content/plans.json that are missing; Free's limits start from the defaults. */
    async seed(file: string | URL = defaultPlansFile): Promise<void> {
      const content = planSeedFileSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')));
      for (const { id, name, description } of content.plans) shipped.set(id, { name, description });
      const defaults = entitlements.defaultPlan.limits;
      await repository.insertMissingPlans(
        content.plans.map((plan, position) => ({
          id: plan.id,
          name: plan.name,
          description: plan.description,
          prices: plan.prices,
          storageBytes: plan.limits.storageBytes ?? defaults.storageBytes,
          monthlyTokens: plan.limits.monthlyTokens ?? defaults.monthlyTokens,
          seats: plan.limits.seats ?? 1,
          marketplaceSelling: plan.limits.marketplaceSelling ?? false,
          connections: plan.limits.connections ?? defaults.connections,
          perSeat: plan.perSeat,
          position,
        })),
      );
    },

    async listPlans(actor: Actor): Promise<PlanDto[]> {
      await access.require(actor, 'plan.read');
      return (await repository.listPlans()).filter((plan) => plan.active).map(planDto);
    },

    async overview(actor: Actor): Promise<BillingOverview> {
      const caller = await access.require(actor, 'billing.read');
      return overview(caller);
    },

    async createCheckout(actor: Actor, input: Required<CreateCheckoutInput>): Promise<CheckoutCreated> {
      const caller = await access.require(actor, 'billing.manage');
      const plan = await repository.plan(input.planId);
      const unitAmount = plan?.prices[input.currency][input.interval] ?? 0;
      if (!plan || !plan.active || unitAmount <= 0) throw new AppError('PLAN_NOT_FOUND', 404, 'No such paid plan');
      const { companyId } = await holderFor(caller, plan);
      const seats = plan.perSeat ? input.seats : 1;
      if (seats > plan.seats) {
        throw new AppError('VALIDATION_FAILED', 400, 'More seats than the plan offers', {
          fields: { seats: 'billing:plans.seatsTooMany' },
        });
      }
      if (companyId && seats < (await onboarding.memberCount(companyId))) {
        throw new AppError('SEAT_LIMIT_REACHED', 409, 'Fewer seats than the company has members');
      }
      // The same holder's running subscription changes in place (prorated) rather than being replaced;
      // a past-due one is paid again with a new checkout, and a currency cannot change at the provider.
      const current = await repository.liveSubscription(caller.user.id, companyId);
      if (
        current?.status === 'active' &&
        current.provider === provider.kind &&
        current.currency === input.currency &&
        current.companyId === companyId &&
        (companyId !== null || current.userId === caller.user.id)
      ) {
        return startChange(caller, current, {
          plan,
          interval: input.interval,
          currency: input.currency,
          seats,
          unitAmount,
        });
      }
      const reference = crypto.randomUUID();
      const created = await provider.createCheckout({
        reference,
        planId: plan.id,
        planName: plan.name,
        interval: input.interval,
        currency: input.currency,
        seats,
        unitAmount,
        email: caller.user.email,
      });
      await repository.insertCheckout({
        id: reference,
        provider: provider.kind,
        providerSessionId: created.sessionId,
        userId: caller.user.id,
        companyId,
        planId: plan.id,
        interval: input.interval,
        currency: input.currency,
        seats,
        amount: unitAmount * seats,
      });
      return created;
    },

    /**
     * The success page's check: asks the provider whether this checkout is paid and, if it is,
     * grants the plan (the same path as the webhook; whichever comes first does it once).
     */
    async verifyCheckout(actor: Actor, { sessionId }: { sessionId: string }): Promise<CheckoutStatus> {
      const caller = await access.require(actor, 'billing.read');
      const checkout = await repository.checkoutByProviderId(provider.kind, sessionId);
      if (!checkout || checkout.userId !== caller.user.id) {
        throw new AppError('CHECKOUT_NOT_FOUND', 404, 'No such checkout');
      }
      if (checkout.kind === 'change') return changeStatus(checkout);
      let subscription = checkout.subscriptionId ? await repository.subscriptionById(checkout.subscriptionId) : null;
      let status = checkout.status;
      let paid = Boolean(subscription);
      if (!subscription) {
        const remote = await provider.retrieveCheckout(sessionId);
        subscription = await fulfil(checkout.id, remote);
        status = remote.status;
        paid = remote.paid;
        if (remote.status === 'expired') await repository.expireCheckout(checkout.id);
      }
      return {
        sessionId,
        status: subscription ? 'complete' : status,
        paid,
        planId: checkout.planId,
        interval: checkout.interval,
        currency: checkout.currency,
        seats: checkout.seats,
        amount: checkout.amount,
        subscription: subscription ? subscriptionDto(subscription) : null,
      };
    },

    /** Stops renewal: the plan stays until the paid period ends, then the Free plan's limits apply. */
    async cancelAtPeriodEnd(actor: Actor): Promise<BillingOverview> {
      const caller = await access.require(actor, 'billing.manage');
      const subscription = await managedSubscription(caller);
      await provider.cancelAtPeriodEnd(subscription.providerSubscriptionId);
      await syncSubscription(subscription.providerSubscriptionId);
      return overview(caller);
    },

    /** Takes back a cancellation while the period still runs: the subscription renews again. */
    async resume(actor: Actor): Promise<BillingOverview> {
      const caller = await access.require(actor, 'billing.manage');
      const subscription = await managedSubscription(caller);
      if (!subscription.cancelAtPeriodEnd) throw new AppError('CONFLICT', 409, 'The subscription is not cancelled');
      await provider.resume(subscription.providerSubscriptionId);
      await syncSubscription(subscription.providerSubscriptionId);
      return overview(caller);
    },

    /** Stripe's customer portal (card, invoices, cancellation); TEST MODE has none. */
    async portal(actor: Actor): Promise<{ url: string }> {
      const caller = await access.require(actor, 'billing.manage');
      const subscription = await managedSubscription(caller);
      const session = subscription.providerCustomerId
        ? await provider.createPortalSession(subscription.providerCustomerId, '/subscription')
        : null;
      if (!session) throw new AppError('NOT_FOUND', 404, 'No customer portal for this subscription');
      return session;
    },

    /** The app shell's banner: a failed renewal, and until when the plan holds. */
    async notice(actor: Actor): Promise<BillingNotice> {
      const caller = await access.require(actor, 'billing.read');
      const membership = await onboarding.membership(caller.user.id);
      const subscription = await repository.liveSubscription(caller.user.id, membership?.companyId ?? null);
      const failed = subscription?.status === 'past_due';
      return {
        paymentFailed: failed,
        graceUntil: failed ? (subscription.graceUntil?.toISOString() ?? null) : null,
        graceExpired: failed ? !subscriptionApplies(subscription, now()) : false,
        canManage: !membership || isCompanyAdmin(membership),
      };
    },

    /** Re-reads a subscription at the provider (admin actions that changed it there). */
    syncSubscription,

    /**
     * A provider's event: the signature is checked over the raw body, each event id is processed
     * once, and the object it names is re-read from the provider rather than trusted from the body.
     */
    async handleEvent(
      actor: Actor,
      { rawBody, signature, source = null }: { rawBody: Buffer | string; signature: string; source?: string | null },
    ) {
      await access.require(actor, 'payment.notify');
      let event: VerifiedEvent;
      try {
        event = await provider.verifyEvent(rawBody, signature);
      } catch (error) {
        // Nothing of an unverified body is trusted, so the journal keeps only that it came (and from where).
        await repository.journalRejected(
          { provider: provider.kind, source: source ?? 'unknown' },
          { limit: REJECTED_EVENTS_JOURNALLED, windowMs: REJECTED_EVENTS_WINDOW_MS, now: now() },
        );
        throw error;
      }
      const line = { provider: provider.kind, eventId: event.id, type: event.type, objectId: event.objectId };
      if (!(await repository.recordEvent(provider.kind, event))) {
        await repository.journal({ ...line, verification: 'duplicate', outcome: 'ignored' });
        return { received: true, duplicate: true };
      }
      const journalId = await repository.journal({ ...line, verification: 'verified', outcome: 'processing' });
      try {
        const outcomes: string[] = [];
        if (checkoutEvents.has(event.type) && event.objectId) outcomes.push(await syncCheckout(event.objectId));
        if (invoicePaidEvents.has(event.type) && event.objectId) {
          outcomes.push(await invoices.syncInvoice(event.objectId));
        }
        if (subscriptionEvents.has(event.type) && event.subscriptionId) {
          outcomes.push(await syncSubscription(event.subscriptionId));
        }
        if (refundEvents.has(event.type) && event.paymentId) {
          outcomes.push(
            (await payments.syncRefund(event.paymentId)) ??
              (await invoices.syncRefund(event.paymentId)) ??
              'unknown-payment',
          );
        }
        const outcome = outcomes.join(', ') || 'ignored';
        await repository.finishEvent(provider.kind, event.id, outcome);
        await repository.journalOutcome(journalId, outcome);
        log.info({ eventId: event.id, type: event.type, outcome }, 'payment event processed');
        return { received: true, duplicate: false };
      } catch (error) {
        await repository.forgetEvent(provider.kind, event.id);
        const message = error instanceof Error ? error.message : String(error);
        await repository.journalOutcome(journalId, `failed: ${message}`.slice(0, 500));
        throw error;
      }
    },

    async listPlansForAdmin(actor: Actor): Promise<PlanDto[]> {
      await access.require(actor, 'plan.manage');
      return (await repository.listPlans()).map(planDto);
    },

    /** Admins change names, prices and limits; limits apply to every holder at once. */
    async updatePlan(actor: Actor, { id, ...input }: UpdatePlanInput & { id: string }): Promise<PlanDto> {
      await access.require(actor, 'plan.manage');
      const row = await repository.updatePlan(id, {
        name: input.name,
        description: input.description,
        prices: input.prices,
        active: input.active,
        ...(input.limits
          ? {
              storageBytes: input.limits.storageBytes,
              monthlyTokens: input.limits.monthlyTokens,
              seats: input.limits.seats,
              marketplaceSelling: input.limits.marketplaceSelling,
              connections: input.limits.connections,
            }
          : {}),
      });
      if (!row) throw new AppError('PLAN_NOT_FOUND', 404, 'No such plan');
      return planDto(row);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
