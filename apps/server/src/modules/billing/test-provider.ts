import { randomBytes } from 'node:crypto';
import { testCards, type TestCheckout, type TestPaymentResult } from '@compliance/shared/billing';
import Stripe from 'stripe';
import { AppError } from '../../plugins/errors.ts';
import type {
  CheckoutRequest,
  PaymentProvider,
  PaymentRequest,
  ProviderSubscription,
  VerifiedEvent,
} from './payment-provider.ts';
import type { TestProviderRepository } from './test-provider.repository.ts';

/** A checkout: a subscription (plan, interval, seats) or a one-time payment (mode 'payment'). */
interface TestSession extends Omit<CheckoutRequest, 'interval'> {
  id: string;
  mode?: 'subscription' | 'payment';
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
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    await deliver(payload, signature);
  }

  /** The (simulated) charge of a session's card, kept like a provider's payment intent; returns its id. */
  async function recordPayment(current: TestSession, outcome: 'succeeded' | 'declined' | 'insufficient_funds') {
    const paymentId = newId('pi');
    await repository.put('payment', paymentId, {
      session: current.id,
      amount: current.unitAmount * current.seats,
      currency: current.currency,
      outcome,
    });
    return paymentId;
  }

  /**
   * A paid checkout: a subscription starts (subscription mode) or the payment is kept for refunds
   * (payment mode); either way the session completes and the same signed event is sent.
   */
  async function succeed(current: TestSession): Promise<TestPaymentResult> {
    let subscriptionId: string | null = null;
    if (current.mode !== 'payment') {
      const start = now();
      const subscription: TestSubscription = {
        id: newId('sub'),
        status: 'active',
        currentPeriodStart: start.toISOString(),
        currentPeriodEnd: addInterval(start, current.interval ?? 'month').toISOString(),
        cancelAtPeriodEnd: false,
      };
      await repository.put('subscription', subscription.id, subscription);
      subscriptionId = subscription.id;
    }
    const paymentId = await recordPayment(current, 'succeeded');
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
    const successUrl = current.successUrl ?? '/subscription/success?session_id={CHECKOUT_SESSION_ID}';
    return {
      outcome: 'succeeded',
      redirectUrl: successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(current.id)),
    };
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
      };
    },

    async cancelAtPeriodEnd(subscriptionId: string) {
      const found = await repository.get<TestSubscription>('subscription', subscriptionId);
      if (!found) throw new AppError('PAYMENT_PROVIDER_ERROR', 502, 'No such test subscription');
      await repository.put('subscription', subscriptionId, { ...found, cancelAtPeriodEnd: true });
      await emit('customer.subscription.updated', { id: subscriptionId, object: 'subscription' });
    },

    verifyEvent(rawBody: Buffer | string, signature: string): VerifiedEvent {
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', 400, 'The test provider signature does not match', {
          cause: error,
        });
      }
      const object = event.data.object as unknown as { id?: string; object?: string; subscription?: string | null };
      return {
        id: event.id,
        type: event.type,
        objectId: object.id ?? null,
        subscriptionId: object.object === 'subscription' ? (object.id ?? null) : (object.subscription ?? null),
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
        amount: current.unitAmount * current.seats,
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
