import { randomBytes } from 'node:crypto';
import { testCards, type TestCheckout, type TestPaymentResult } from '@compliance/shared/billing';
import type Stripe from 'stripe';
import { AppError } from '../../plugins/errors.ts';
import type {
  ChangeRequest,
  ChangeStarted,
  CheckoutRequest,
  PaymentProvider,
  PaymentRequest,
  ProviderInvoice,
  ProviderSubscription,
  VerifiedEvent,
} from './payment-provider.ts';
import type { TestProviderRepository } from './test-provider.repository.ts';

/**
 * A checkout: a subscription (plan, interval, seats), a one-time payment (mode 'payment') or a
 * plan change of the running subscription `subscriptionId` (mode 'change', prorated).
 */
interface TestSession extends Omit<CheckoutRequest, 'interval'> {
  id: string;
  mode?: 'subscription' | 'payment' | 'change';
  /** A change's prorated charge for the rest of the period, with its invoice lines. */
  proration?: { amount: number; lines: ProviderInvoice['lines']; periodEnd: string };
  interval: CheckoutRequest['interval'] | null;
  successUrl?: string;
  cancelUrl?: string;
  paymentId?: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  requiresAuthentication: boolean;
  subscriptionId: string | null;
  customerId: string;
}

interface TestSubscription {
  id: string;
  status: ProviderSubscription['status'];
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** What each renewal charges (absent on subscriptions recorded before renewals existed). */
  planId?: string;
  planName?: string;
  interval?: 'month' | 'year';
  currency?: CheckoutRequest['currency'];
  seats?: number;
  unitAmount?: number;
  latestInvoiceId?: string | null;
}

interface TestInvoice {
  id: string;
  subscriptionId: string;
  status: 'paid' | 'open';
  amountPaid: number;
  currency: string;
  lines: ProviderInvoice['lines'];
  periodStart: string;
  periodEnd: string;
  paymentId: string | null;
}

/** Hands a signed event to the app's webhook handling, exactly as an outside provider's request would. */
export type DeliverEvent = (rawBody: string, signature: string) => Promise<void>;

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function addInterval(start: Date, interval: 'month' | 'year'): Date {
  const end = new Date(start);
  if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/**
 * Stripe's own signing and verification code, loaded with the first event rather than at the
 * server's start: the SDK is large and TEST MODE needs only this part (docs/performance.md, "Memory").
 */
let stripeWebhooksModule: Promise<Stripe['webhooks']> | undefined;
const stripeWebhooks = () =>
  (stripeWebhooksModule ??= import('stripe').then(({ default: StripeSdk }) => StripeSdk.webhooks));

/**
 * The built-in TEST MODE provider (DESIGN §2): the app serves its checkout page with test cards,
 * keeps its own records like a remote provider, and sends Stripe-format events signed with a
 * per-process secret through the same verification and handling as Stripe's webhooks.
 */
export function createTestProvider({
  repository,
  now = () => new Date(),
}: {
  repository: TestProviderRepository;
  now?: () => Date;
}) {
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  let deliver: DeliverEvent = async () => undefined;

  async function session(id: string): Promise<TestSession> {
    const found = await repository.get<TestSession>('checkout_session', id);
    if (!found) throw new AppError('CHECKOUT_NOT_FOUND', 404, 'No such test checkout session');
    return found;
  }

  async function emit(type: string, object: { id: string; object: string; subscription?: string | null }) {
    const payload = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      type,
      created: Math.floor(now().getTime() / 1000),
      data: { object },
    });
    const signature = (await stripeWebhooks()).generateTestHeaderString({ payload, secret: webhookSecret });
    await deliver(payload, signature);
  }

  /** The (simulated) charge of a session's card, kept like a provider's payment intent; returns its id. */
  async function recordPayment(
    current: { id: string; unitAmount: number; seats: number; currency: string; proration?: { amount: number } },
    outcome: 'succeeded' | 'declined' | 'insufficient_funds',
  ) {
    const paymentId = newId('pi');
    await repository.put('payment', paymentId, {
      session: current.id,
      amount: current.proration?.amount ?? current.unitAmount * current.seats,
      currency: current.currency,
      outcome,
    });
    return paymentId;
  }

  /** A subscription's invoice for one period: paid (with its payment) or left open (declined). */
  async function invoiceFor(subscription: TestSubscription, paymentId: string | null): Promise<TestInvoice> {
    const seats = subscription.seats ?? 1;
    const unitAmount = subscription.unitAmount ?? 0;
    const invoice: TestInvoice = {
      id: newId('in'),
      subscriptionId: subscription.id,
      status: paymentId ? 'paid' : 'open',
      amountPaid: paymentId ? unitAmount * seats : 0,
      currency: subscription.currency ?? 'CHF',
      lines: [
        {
          description: `${subscription.planName ?? 'Subscription'} (${subscription.interval ?? 'month'})`,
          quantity: seats,
          unitAmount,
          amount: unitAmount * seats,
        },
      ],
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      paymentId,
    };
    await repository.put('invoice', invoice.id, invoice);
    return invoice;
  }

  async function subscriptionRecord(subscriptionId: string): Promise<TestSubscription> {
    const found = await repository.get<TestSubscription>('subscription', subscriptionId);
    if (!found) throw new AppError('PAYMENT_PROVIDER_ERROR', 502, 'No such test subscription');
    return found;
  }

  /**
   * A paid checkout: a subscription starts (subscription mode) or the payment is kept for refunds
   * (payment mode); either way the session completes and the same signed event is sent.
   */
  async function succeed(current: TestSession): Promise<TestPaymentResult> {
    if (current.mode === 'change') {
      await applyChange(current, await recordPayment(current, 'succeeded'));
      return {
        outcome: 'succeeded',
        redirectUrl: `/subscription/success?session_id=${encodeURIComponent(current.id)}`,
      };
    }
    let subscription: TestSubscription | null = null;
    const paymentId = await recordPayment(current, 'succeeded');
    if (current.mode !== 'payment') {
      const start = now();
      subscription = {
        id: newId('sub'),
        status: 'active',
        currentPeriodStart: start.toISOString(),
        currentPeriodEnd: addInterval(start, current.interval ?? 'month').toISOString(),
        cancelAtPeriodEnd: false,
        planId: current.planId,
        planName: current.planName,
        interval: current.interval ?? 'month',
        currency: current.currency,
        seats: current.seats,
        unitAmount: current.unitAmount,
      };
      subscription.latestInvoiceId = (await invoiceFor(subscription, paymentId)).id;
      await repository.put('subscription', subscription.id, subscription);
    }
    const subscriptionId = subscription?.id ?? null;
    await repository.put('checkout_session', current.id, {
      ...current,
      status: 'complete',
      paid: true,
      requiresAuthentication: false,
      subscriptionId,
      paymentId,
    } satisfies TestSession);
    await emit('checkout.session.completed', {
      id: current.id,
      object: 'checkout.session',
      subscription: subscriptionId,
    });
    if (subscription?.latestInvoiceId) {
      await emit('invoice.paid', { id: subscription.latestInvoiceId, object: 'invoice', subscription: subscriptionId });
    }
    const successUrl = current.successUrl ?? '/subscription/success?session_id={CHECKOUT_SESSION_ID}';
    return {
      outcome: 'succeeded',
      redirectUrl: successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(current.id)),
    };
  }

  /**
   * Like Stripe's `proration_behavior: 'always_invoice'`: credit for the unused rest of the old
   * item, charge for the rest of the period on the new one (or, when the interval changes, a new
   * period from now on the new one).
   */
  function prorate(found: TestSubscription, request: ChangeRequest, at: Date) {
    const start = new Date(found.currentPeriodStart).getTime();
    const end = new Date(found.currentPeriodEnd).getTime();
    const remaining = Math.min(1, Math.max(0, (end - at.getTime()) / Math.max(end - start, 1)));
    const oldTotal = (found.unitAmount ?? 0) * (found.seats ?? 1);
    const newTotal = request.unitAmount * request.seats;
    const sameInterval = (found.interval ?? 'month') === request.interval;
    const credit = -Math.round(oldTotal * remaining);
    const charge = sameInterval ? Math.round(newTotal * remaining) : newTotal;
    const periodEnd = sameInterval ? found.currentPeriodEnd : addInterval(at, request.interval).toISOString();
    const lines: ProviderInvoice['lines'] = [
      {
        description: `Unused time on ${found.planName ?? 'Subscription'} (${found.interval ?? 'month'})`,
        quantity: found.seats ?? 1,
        unitAmount: Math.round(credit / Math.max(found.seats ?? 1, 1)),
        amount: credit,
      },
      {
        description: `Remaining time on ${request.planName} (${request.interval})`,
        quantity: request.seats,
        unitAmount: Math.round(charge / Math.max(request.seats, 1)),
        amount: charge,
      },
    ];
    return { amount: credit + charge, lines, periodEnd };
  }

  /** A paid (or free) change: the subscription takes the new item, its proration invoice is issued, events go out. */
  async function applyChange(current: TestSession, paymentId: string | null) {
    const found = await subscriptionRecord(current.subscriptionId!);
    const proration = current.proration!;
    const at = now();
    const intervalChanged = (found.interval ?? 'month') !== current.interval;
    const changed: TestSubscription = {
      ...found,
      planId: current.planId,
      planName: current.planName,
      interval: current.interval ?? 'month',
      currency: current.currency,
      seats: current.seats,
      unitAmount: current.unitAmount,
      ...(intervalChanged ? { currentPeriodStart: at.toISOString(), currentPeriodEnd: proration.periodEnd } : {}),
    };
    const invoice: TestInvoice = {
      id: newId('in'),
      subscriptionId: found.id,
      status: 'paid',
      amountPaid: Math.max(proration.amount, 0),
      currency: current.currency,
      lines: proration.lines,
      periodStart: at.toISOString(),
      periodEnd: proration.periodEnd,
      paymentId,
    };
    await repository.put('invoice', invoice.id, invoice);
    changed.latestInvoiceId = invoice.id;
    await repository.put('subscription', found.id, changed);
    await repository.put('checkout_session', current.id, {
      ...current,
      status: 'complete',
      paid: true,
      requiresAuthentication: false,
      paymentId,
    } satisfies TestSession);
    await emit('customer.subscription.updated', { id: found.id, object: 'subscription' });
    await emit('invoice.paid', { id: invoice.id, object: 'invoice', subscription: found.id });
  }

  async function refuse(current: TestSession, outcome: 'declined' | 'insufficient_funds'): Promise<TestPaymentResult> {
    await recordPayment(current, outcome);
    await repository.put('checkout_session', current.id, { ...current, requiresAuthentication: false });
    return { outcome, redirectUrl: null };
  }

  async function openSession(id: string): Promise<TestSession> {
    const current = await session(id);
    if (current.status !== 'open') throw new AppError('CHECKOUT_CLOSED', 409, 'The checkout is closed');
    return current;
  }

  const provider = {
    kind: 'test' as const,
    /** The app's webhook handling; set once by the billing module. */
    setDelivery(fn: DeliverEvent) {
      deliver = fn;
    },

    async createCheckout(request: CheckoutRequest) {
      const id = newId('cs');
      await repository.put('checkout_session', id, {
        ...request,
        id,
        status: 'open',
        paid: false,
        requiresAuthentication: false,
        subscriptionId: null,
        customerId: newId('cus'),
      } satisfies TestSession);
      return { sessionId: id, url: `/subscription/test-checkout/${encodeURIComponent(id)}` };
    },

    /**
     * A plan change: its prorated amount is shown on the TEST MODE page and charged with a test
     * card; nothing changes until it is paid. A change that costs nothing (a credit) applies at once.
     */
    async changeSubscription(request: ChangeRequest): Promise<ChangeStarted> {
      const found = await subscriptionRecord(request.subscriptionId);
      if (found.status !== 'active') throw new AppError('CONFLICT', 409, 'Only an active subscription can change');
      const proration = prorate(found, request, now());
      const id = newId('cs');
      const session: TestSession = {
        ...request,
        id,
        mode: 'change',
        proration,
        status: 'open',
        paid: false,
        requiresAuthentication: false,
        subscriptionId: request.subscriptionId,
        customerId: newId('cus'),
      };
      await repository.put('checkout_session', id, session);
      if (proration.amount <= 0) {
        await applyChange(session, null);
        return {
          sessionId: id,
          url: `/subscription/success?session_id=${encodeURIComponent(id)}`,
          amount: proration.amount,
        };
      }
      return { sessionId: id, url: `/subscription/test-checkout/${encodeURIComponent(id)}`, amount: proration.amount };
    },

    async createPayment(request: PaymentRequest) {
      // Like Stripe's idempotency keys: the same reference opens the same session again.
      const known = await repository.findSessionByReference<TestSession>(request.reference);
      if (known) return { sessionId: known.id, url: `/subscription/test-checkout/${encodeURIComponent(known.id)}` };
      const id = newId('cs');
      await repository.put('checkout_session', id, {
        id,
        mode: 'payment',
        reference: request.reference,
        planId: '',
        planName: request.description,
        interval: null,
        currency: request.currency,
        seats: 1,
        unitAmount: request.amount,
        email: request.email,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        status: 'open',
        paid: false,
        requiresAuthentication: false,
        subscriptionId: null,
        customerId: newId('cus'),
        paymentId: null,
      } satisfies TestSession);
      return { sessionId: id, url: `/subscription/test-checkout/${encodeURIComponent(id)}` };
    },

    async refundPayment(paymentId: string, reference: string) {
      const payment = await repository.get<Record<string, unknown>>('payment', paymentId);
      if (!payment) throw new AppError('PAYMENT_PROVIDER_ERROR', 502, 'No such test payment');
      if (payment.refunded) return;
      await repository.put('payment', paymentId, { ...payment, refunded: true, refundReference: reference });
    },

    async paymentRefunded(paymentId: string) {
      const payment = await repository.get<Record<string, unknown>>('payment', paymentId);
      return payment?.refunded === true;
    },

    async retrieveCheckout(sessionId: string) {
      const current = await session(sessionId);
      return {
        id: current.id,
        status: current.status,
        paid: current.paid,
        subscriptionId: current.subscriptionId,
        customerId: current.customerId,
        paymentId: current.paymentId ?? null,
      };
    },

    async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription> {
      const found = await repository.get<TestSubscription>('subscription', subscriptionId);
      if (!found) throw new AppError('PAYMENT_PROVIDER_ERROR', 502, 'No such test subscription');
      return {
        id: found.id,
        status: found.status,
        currentPeriodStart: new Date(found.currentPeriodStart),
        currentPeriodEnd: new Date(found.currentPeriodEnd),
        cancelAtPeriodEnd: found.cancelAtPeriodEnd,
        latestInvoiceId: found.latestInvoiceId ?? null,
        plan:
          found.planId && found.interval && found.currency
            ? { planId: found.planId, seats: found.seats ?? 1, interval: found.interval, currency: found.currency }
            : null,
      };
    },

    async cancelAtPeriodEnd(subscriptionId: string) {
      const found = await subscriptionRecord(subscriptionId);
      await repository.put('subscription', subscriptionId, { ...found, cancelAtPeriodEnd: true });
      await emit('customer.subscription.updated', { id: subscriptionId, object: 'subscription' });
    },

    async resume(subscriptionId: string) {
      const found = await subscriptionRecord(subscriptionId);
      await repository.put('subscription', subscriptionId, { ...found, cancelAtPeriodEnd: false });
      await emit('customer.subscription.updated', { id: subscriptionId, object: 'subscription' });
    },

    async cancelNow(subscriptionId: string) {
      const found = await subscriptionRecord(subscriptionId);
      await repository.put('subscription', subscriptionId, { ...found, status: 'canceled' });
      await emit('customer.subscription.deleted', { id: subscriptionId, object: 'subscription' });
    },

    async retrieveInvoice(invoiceId: string): Promise<ProviderInvoice> {
      const found = await repository.get<TestInvoice>('invoice', invoiceId);
      if (!found) throw new AppError('PAYMENT_PROVIDER_ERROR', 502, 'No such test invoice');
      return {
        id: found.id,
        subscriptionId: found.subscriptionId,
        paid: found.status === 'paid',
        amountPaid: found.amountPaid,
        currency: found.currency,
        lines: found.lines,
        periodStart: new Date(found.periodStart),
        periodEnd: new Date(found.periodEnd),
        paymentId: found.paymentId,
        hostedUrl: null,
        pdfUrl: null,
      };
    },

    /** TEST MODE has no customer portal: the app's own pages manage the subscription. */
    async createPortalSession() {
      return null;
    },

    /**
     * Charges a subscription's next period now (TEST MODE's stand-in for the provider's renewal run):
     * paid, the period moves on and `invoice.paid` is sent; declined, the subscription is past due
     * and `invoice.payment_failed` is sent. A past-due subscription that pays recovers.
     */
    async renew(subscriptionId: string, outcome: 'succeeded' | 'declined'): Promise<void> {
      const found = await subscriptionRecord(subscriptionId);
      if (found.status === 'canceled') throw new AppError('CONFLICT', 409, 'The subscription has ended');
      const charge = {
        id: subscriptionId,
        unitAmount: found.unitAmount ?? 0,
        seats: found.seats ?? 1,
        currency: found.currency ?? 'CHF',
      };
      // Like Stripe: a renewal opens the next period whether or not it is paid; a past-due
      // subscription's later payment settles the period already opened.
      const next = (): Pick<TestSubscription, 'currentPeriodStart' | 'currentPeriodEnd'> => {
        const start = new Date(found.currentPeriodEnd);
        return {
          currentPeriodStart: start.toISOString(),
          currentPeriodEnd: addInterval(start, found.interval ?? 'month').toISOString(),
        };
      };
      const period = found.status === 'past_due' ? {} : next();
      if (outcome === 'declined') {
        await recordPayment(charge, 'declined');
        const failing: TestSubscription = { ...found, ...period, status: 'past_due' };
        failing.latestInvoiceId = (await invoiceFor(failing, null)).id;
        await repository.put('subscription', subscriptionId, failing);
        await emit('invoice.payment_failed', {
          id: failing.latestInvoiceId,
          object: 'invoice',
          subscription: subscriptionId,
        });
        return;
      }
      const paymentId = await recordPayment(charge, 'succeeded');
      const renewed: TestSubscription = { ...found, ...period, status: 'active' };
      renewed.latestInvoiceId = (await invoiceFor(renewed, paymentId)).id;
      await repository.put('subscription', subscriptionId, renewed);
      await emit('invoice.paid', { id: renewed.latestInvoiceId, object: 'invoice', subscription: subscriptionId });
    },

    async verifyEvent(rawBody: Buffer | string, signature: string): Promise<VerifiedEvent> {
      const webhooks = await stripeWebhooks();
      let event: Stripe.Event;
      try {
        event = webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', 400, 'The test provider signature does not match', {
          cause: error,
        });
      }
      const object = event.data.object as unknown as {
        id?: string;
        object?: string;
        subscription?: string | null;
        payment_intent?: string | null;
      };
      return {
        id: event.id,
        type: event.type,
        objectId: object.id ?? null,
        subscriptionId: object.object === 'subscription' ? (object.id ?? null) : (object.subscription ?? null),
        paymentId: object.payment_intent ?? null,
      };
    },

    /** What the TEST MODE checkout page shows. */
    async checkoutPage(sessionId: string, urls: { successUrl: string; cancelUrl: string }): Promise<TestCheckout> {
      const current = await session(sessionId);
      return {
        sessionId: current.id,
        status: current.status,
        mode: current.mode ?? 'subscription',
        planName: current.planName,
        interval: current.interval,
        currency: current.currency,
        seats: current.seats,
        amount: current.proration?.amount ?? current.unitAmount * current.seats,
        ...(current.proration
          ? { proration: { fullAmount: current.unitAmount * current.seats, periodEnd: current.proration.periodEnd } }
          : {}),
        email: current.email,
        requiresAuthentication: current.requiresAuthentication,
        successUrl: current.successUrl?.replace('{CHECKOUT_SESSION_ID}', current.id) ?? urls.successUrl,
        cancelUrl: current.cancelUrl ?? urls.cancelUrl,
      };
    },

    /** Charges a test card: its number decides the outcome, as with Stripe's test cards. */
    async pay(sessionId: string, cardNumber: string): Promise<TestPaymentResult> {
      const current = await openSession(sessionId);
      switch (cardNumber) {
        case testCards.success:
          return succeed(current);
        case testCards.insufficientFunds:
          return refuse(current, 'insufficient_funds');
        case testCards.requiresAuthentication:
          await repository.put('checkout_session', current.id, { ...current, requiresAuthentication: true });
          return { outcome: 'requires_authentication', redirectUrl: null };
        default:
          // Any other number, 4000 0000 0000 0002 included, is declined like an unknown card.
          return refuse(current, 'declined');
      }
    },

    /** The (simulated) bank's answer to the authentication a card asked for. */
    async authenticate(sessionId: string, approve: boolean): Promise<TestPaymentResult> {
      const current = await openSession(sessionId);
      if (!current.requiresAuthentication) throw new AppError('CHECKOUT_CLOSED', 409, 'No authentication pending');
      return approve ? succeed(current) : refuse(current, 'declined');
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}

export type TestProvider = ReturnType<typeof createTestProvider>;
