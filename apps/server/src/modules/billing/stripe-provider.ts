import Stripe from 'stripe';
import { currencies, type Currency } from '@compliance/shared/billing';
import { AppError } from '../../plugins/errors.ts';
import type {
  ChangeRequest,
  CheckoutRequest,
  PaymentProvider,
  PaymentRequest,
  ProviderCheckout,
  ProviderInvoice,
  ProviderSubscription,
  VerifiedEvent,
} from './payment-provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where users come back to (PUBLIC_URL). */
  publicUrl: string;
  /** Another API host (tests point the SDK at a local Stripe API stand-in). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

const statusOf: Record<Stripe.Subscription.Status, ProviderSubscription['status']> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
  incomplete: 'incomplete',
  paused: 'incomplete',
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const dateOf = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

/** Which subscription an event's object belongs to (API versions moved it on invoices). */
function subscriptionOf(object: Record<string, unknown>): string | null {
  if (object.object === 'subscription') return typeof object.id === 'string' ? object.id : null;
  const direct = object.subscription as string | { id: string } | null | undefined;
  if (direct) return idOf(direct);
  const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | undefined;
  return idOf(parent?.subscription_details?.subscription);
}

async function callStripe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new AppError('PAYMENT_PROVIDER_ERROR', 502, `Stripe: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/** Our plans' products at Stripe have ids of their own, so that a subscription's item names its plan. */
const PRODUCT_PREFIX = 'compliance_plan_';

/** The plan a subscription item's price belongs to, when the app set that price (a plan change). */
function planOfItem(item: Stripe.SubscriptionItem | undefined): ProviderSubscription['plan'] {
  const price = item?.price;
  const product = idOf(price?.product as string | { id: string } | null | undefined);
  const interval = price?.recurring?.interval;
  const currency = price?.currency?.toUpperCase();
  if (!product?.startsWith(PRODUCT_PREFIX) || (interval !== 'month' && interval !== 'year')) return null;
  if (!currency || !(currencies as readonly string[]).includes(currency)) return null;
  return {
    planId: product.slice(PRODUCT_PREFIX.length),
    seats: item?.quantity ?? 1,
    interval: interval === 'year' ? 'year' : 'month',
    currency: currency as Currency,
  };
}

const absolute = (publicUrl: string, url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);

/** Stripe through its official SDK: Checkout Sessions (subscriptions and one-time payments), refunds, signed webhooks. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(options.api ?? {}),
  });

  return {
    kind: 'stripe',
    async createCheckout(request: CheckoutRequest) {
      const session = await callStripe(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            client_reference_id: request.reference,
            customer_email: request.email,
            line_items: [
              {
                quantity: request.seats,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.unitAmount,
                  recurring: { interval: request.interval },
                  product_data: { name: request.planName },
                },
              },
            ],
            metadata: { reference: request.reference, planId: request.planId },
            subscription_data: { metadata: { reference: request.reference, planId: request.planId } },
            success_url: `${options.publicUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${options.publicUrl}/subscription/cancel`,
          },
          // A retried create (network error, double click) opens the same session, not a second one.
          { idempotencyKey: `checkout-${request.reference}` },
        ),
      );
      if (!session.url) throw new AppError('PAYMENT_PROVIDER_ERROR', 502, 'Stripe returned no checkout URL');
      return { sessionId: session.id, url: session.url };
    },

    async createPayment(request: PaymentRequest) {
      const session = await callStripe(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: request.reference,
            customer_email: request.email,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amount,
                  product_data: { name: request.description },
                },
              },
            ],
            metadata: { reference: request.reference },
            payment_intent_data: { metadata: { reference: request.reference } },
            success_url: absolute(options.publicUrl, request.successUrl),
            cancel_url: absolute(options.publicUrl, request.cancelUrl),
          },
          { idempotencyKey: `payment-${request.reference}` },
        ),
      );
      if (!session.url) throw new AppError('PAYMENT_PROVIDER_ERROR', 502, 'Stripe returned no checkout URL');
      return { sessionId: session.id, url: session.url };
    },

    async refundPayment(paymentId: string, reference: string) {
      await callStripe(() =>
        stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey: `refund-${reference}` }),
      );
    },

    async paymentRefunded(paymentId: string) {
      const intent = await callStripe(() => stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] }));
      const charge = intent.latest_charge;
      return typeof charge === 'object' && charge !== null && charge.refunded;
    },

    async retrieveCheckout(sessionId: string): Promise<ProviderCheckout> {
      const session = await callStripe(() => stripe.checkout.sessions.retrieve(sessionId));
      return {
        id: session.id,
        status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
        paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        paymentId: idOf(session.payment_intent),
      };
    },

    async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription> {
      const subscription = await callStripe(() => stripe.subscriptions.retrieve(subscriptionId));
      // Since API 2025-03 the period lives on the items; older objects carry it on the subscription.
      const item = subscription.items?.data?.[0] as
        { current_period_start?: number; current_period_end?: number } | undefined;
      const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
      return {
        id: subscription.id,
        status: statusOf[subscription.status] ?? 'incomplete',
        currentPeriodStart: dateOf(item?.current_period_start ?? legacy.current_period_start),
        currentPeriodEnd: dateOf(item?.current_period_end ?? legacy.current_period_end),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        latestInvoiceId: idOf(subscription.latest_invoice),
        plan: planOfItem(subscription.items?.data?.[0]),
      };
    },

    async changeSubscription(request: ChangeRequest) {
      const productId = `${PRODUCT_PREFIX}${request.planId}`;
      // The plan's product, created once under our own id (a subscription item's price needs one).
      await callStripe(async () => {
        try {
          await stripe.products.retrieve(productId);
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'resource_missing') throw error;
          await stripe.products.create(
            { id: productId, name: request.planName },
            { idempotencyKey: `product-${productId}` },
          );
        }
      });
      const current = await callStripe(() => stripe.subscriptions.retrieve(request.subscriptionId));
      const item = current.items.data[0];
      if (!item) throw new AppError('PAYMENT_PROVIDER_ERROR', 502, 'The Stripe subscription has no item');
      const updated = await callStripe(() =>
        stripe.subscriptions.update(
          request.subscriptionId,
          {
            items: [
              {
                id: item.id,
                quantity: request.seats,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.unitAmount,
                  recurring: { interval: request.interval },
                  product: productId,
                },
              },
            ],
            // The difference for the rest of the period is invoiced and charged now; until it is
            // paid Stripe keeps the change pending, so an unpaid upgrade grants nothing.
            proration_behavior: 'always_invoice',
            payment_behavior: 'pending_if_incomplete',
            expand: ['latest_invoice'],
          },
          { idempotencyKey: `change-${request.reference}` },
        ),
      );
      const invoice = updated.latest_invoice;
      const sessionId = `change_${request.reference}`;
      return {
        sessionId,
        url: `${options.publicUrl}/subscription/success?session_id=${sessionId}`,
        amount: typeof invoice === 'object' && invoice !== null ? invoice.total : null,
      };
    },

    async retrieveInvoice(invoiceId: string): Promise<ProviderInvoice> {
      const invoice = await callStripe(() => stripe.invoices.retrieve(invoiceId));
      // API versions moved the payment intent from the invoice to its payments.
      const legacy = invoice as unknown as { payment_intent?: string | { id: string } | null };
      const payments = (invoice as unknown as { payments?: { data?: { payment?: { payment_intent?: string } }[] } })
        .payments;
      const line = invoice.lines?.data?.[0];
      return {
        id: invoice.id ?? invoiceId,
        subscriptionId: subscriptionOf(invoice as unknown as Record<string, unknown>),
        paid: invoice.status === 'paid',
        amountPaid: invoice.amount_paid,
        currency: invoice.currency.toUpperCase(),
        lines: (invoice.lines?.data ?? []).map((item) => {
          const quantity = item.quantity ?? 1;
          return {
            description: item.description ?? '',
            quantity,
            unitAmount: Math.round(item.amount / Math.max(quantity, 1)),
            amount: item.amount,
          };
        }),
        periodStart: dateOf(line?.period?.start),
        periodEnd: dateOf(line?.period?.end),
        paymentId: idOf(legacy.payment_intent) ?? payments?.data?.[0]?.payment?.payment_intent ?? null,
        hostedUrl: invoice.hosted_invoice_url ?? null,
        pdfUrl: invoice.invoice_pdf ?? null,
      };
    },

    async resume(subscriptionId: string) {
      await callStripe(() =>
        stripe.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: false },
          { idempotencyKey: `resume-${subscriptionId}-${Date.now()}` },
        ),
      );
    },

    async cancelNow(subscriptionId: string) {
      await callStripe(() => stripe.subscriptions.cancel(subscriptionId));
    },

    async createPortalSession(customerId: string, returnUrl: string) {
      const session = await callStripe(() =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: absolute(options.publicUrl, returnUrl),
        }),
      );
      return { url: session.url };
    },

    async cancelAtPeriodEnd(subscriptionId: string) {
      await callStripe(() =>
        stripe.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: true },
          { idempotencyKey: `cancel-${subscriptionId}-${Date.now()}` },
        ),
      );
    },

    async verifyEvent(rawBody: Buffer | string, signature: string): Promise<VerifiedEvent> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', 400, 'The Stripe signature does not match', { cause: error });
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      return {
        id: event.id,
        type: event.type,
        objectId: typeof object.id === 'string' ? object.id : null,
        subscriptionId: subscriptionOf(object),
        paymentId: typeof object.payment_intent === 'string' ? object.payment_intent : null,
      };
    },
  };
}
