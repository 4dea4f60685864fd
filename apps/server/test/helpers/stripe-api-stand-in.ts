import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local Stripe API stand-in: an HTTP server on 127.0.0.1 that speaks the subset of Stripe's API the
 * payments interface calls, for both kinds of Checkout Session it opens:
 * - `subscription` mode (plans): retrieve, update and cancel Subscriptions, change their item (price and
 *   quantity) with a proration invoice charged at once, retrieve their Invoices, refund an invoice's
 *   PaymentIntent, create and retrieve Products, open Billing Portal sessions;
 * - `payment` mode (marketplace purchases): refund the session's PaymentIntent.
 * It checks the bearer key, reads form-encoded bodies and answers JSON with Stripe's error shape,
 * replaying idempotency keys as Stripe does. Stripe's own API cannot be reached from here; the SDK is
 * pointed at this server instead.
 */

export interface CheckoutLineItem {
  quantity: number;
  currency: string;
  unit_amount: number;
  /** Only on recurring prices, i.e. in subscription mode. */
  interval?: string;
  name: string;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  mode: string;
  url: string;
  client_reference_id: string | null;
  customer_email: string | null;
  /** Set when a subscription-mode session completes (null otherwise, as on Stripe). */
  customer: string | null;
  subscription: string | null;
  /** Set when a payment-mode session completes (null otherwise, as on Stripe). */
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  line_items: CheckoutLineItem[];
}

/** A subscription item's price as Stripe shows it (`product` is the product's id). */
export interface StoredPrice {
  id: string;
  object: 'price';
  currency: string;
  unit_amount: number;
  recurring: { interval: string };
  product: string;
}

export interface StoredSubscription {
  id: string;
  object: 'subscription';
  status: Stripe.Subscription.Status;
  cancel_at_period_end: boolean;
  customer: string;
  latest_invoice: string | null;
  items: {
    object: 'list';
    data: {
      id: string;
      current_period_start: number;
      current_period_end: number;
      quantity: number;
      price?: StoredPrice;
    }[];
  };
  /** An item change waiting for its proration invoice to be paid (`payment_behavior: pending_if_incomplete`). */
  pending_update?: { subscription_items: { id: string; quantity: number; price: StoredPrice }[] } | null;
}

export interface StoredProduct {
  id: string;
  object: 'product';
  name: string;
}

export interface StoredInvoice {
  id: string;
  object: 'invoice';
  status: 'paid' | 'open';
  subscription: string;
  customer: string;
  amount_paid: number;
  /** What the invoice comes to (negative: a credit); set on proration invoices. */
  total?: number;
  currency: string;
  payment_intent: string | null;
  hosted_invoice_url: string;
  invoice_pdf: string;
  lines: {
    object: 'list';
    data: {
      id: string;
      description: string;
      quantity: number;
      amount: number;
      period: { start: number; end: number };
    }[];
  };
}

export interface StripeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
}

/** A refund as kept here: Stripe's object plus the idempotency key it was created with (for assertions). */
export interface StoredRefund extends StripeRefund {
  idempotencyKey: string | undefined;
}

export interface PortalSession {
  id: string;
  customer: string;
  return_url: string;
  url: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** Stripe's error body: every failure the SDK sees is an `invalid_request_error`. */
const stripeError = (message: string, code?: string) => ({
  error: { type: 'invalid_request_error', ...(code ? { code } : {}), message },
});

function createSession(params: URLSearchParams, pageUrl: (sessionId: string) => string): CheckoutSession {
  const lineItems: CheckoutLineItem[] = [];
  for (let index = 0; params.has(`line_items[${index}][quantity]`); index += 1) {
    const at = (key: string) => params.get(`line_items[${index}]${key}`) ?? '';
    const interval = at('[price_data][recurring][interval]');
    lineItems.push({
      quantity: Number(at('[quantity]')),
      currency: at('[price_data][currency]'),
      unit_amount: Number(at('[price_data][unit_amount]')),
      ...(interval ? { interval } : {}),
      name: at('[price_data][product_data][name]'),
    });
  }
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  const sessionId = id('cs_test');
  return {
    id: sessionId,
    object: 'checkout.session',
    status: 'open',
    payment_status: 'unpaid',
    mode: params.get('mode') ?? '',
    url: pageUrl(sessionId),
    client_reference_id: params.get('client_reference_id'),
    customer_email: params.get('customer_email'),
    customer: null,
    subscription: null,
    payment_intent: null,
    success_url: (params.get('success_url') ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId),
    cancel_url: params.get('cancel_url') ?? '',
    metadata,
    amount_total: lineItems.reduce((sum, item) => sum + item.quantity * item.unit_amount, 0),
    currency: lineItems[0]?.currency ?? '',
    line_items: lineItems,
  };
}

export async function startStripeApiStandIn({
  secretKey,
  webhookSecret,
  checkoutPageUrl = (sessionId) => `https://checkout.stripe.test/c/pay/${sessionId}`,
  onItemChanged,
}: {
  secretKey: string;
  webhookSecret: string;
  /** Where a session sends the customer to pay (the browser journeys serve a page of their own). */
  checkoutPageUrl?: (sessionId: string) => string;
  /**
   * Called after a subscription's item changed (or was left pending), once the API answered: where
   * Stripe would send `customer.subscription.updated` and `invoice.paid` (the journeys post them).
   */
  onItemChanged?: (change: { subscription: StoredSubscription; invoice: StoredInvoice | null }) => void;
}) {
  const sessions = new Map<string, CheckoutSession>();
  const subscriptions = new Map<string, StoredSubscription>();
  const invoices = new Map<string, StoredInvoice>();
  const refunds = new Map<string, StoredRefund>();
  const products = new Map<string, StoredProduct>();
  const portalSessions: PortalSession[] = [];
  /** Whether the customer's card on file is declined (for item changes charged at once). */
  let cardDeclined = false;
  /** The clock of prorations, in seconds (tests may move it). */
  let nowSeconds = () => Math.floor(Date.now() / 1000);
  /** Idempotency key → id of the object its first request created. */
  const createdByKey = new Map<string, string>();
  const requests: RecordedRequest[] = [];

  function send(response: http.ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  }

  /** What a PaymentIntent charged: a paid invoice's (subscriptions) or a paid session's (one-time payments). */
  function chargeOf(paymentIntent: string): { amount: number; currency: string } | undefined {
    const invoice = [...invoices.values()].find((item) => item.payment_intent === paymentIntent);
    if (invoice) return { amount: invoice.amount_paid, currency: invoice.currency };
    const session = [...sessions.values()].find((item) => item.payment_intent === paymentIntent);
    if (session) return { amount: session.amount_total, currency: session.currency };
    return undefined;
  }

  /** The Charge of a PaymentIntent, refunded or not (what `charge.*` events carry). */
  function chargeObject(paymentIntent: string) {
    const charged = chargeOf(paymentIntent);
    if (!charged) return undefined;
    const refunded = [...refunds.values()].some((refund) => refund.payment_intent === paymentIntent);
    return {
      id: paymentIntent.replace(/^pi_/, 'ch_'),
      object: 'charge' as const,
      payment_intent: paymentIntent,
      ...charged,
      amount_refunded: refunded ? charged.amount : 0,
      refunded,
    };
  }

  /** A full refund of a PaymentIntent; a second one is refused as Stripe does. */
  function createRefund(
    paymentIntent: string,
    idempotencyKey: string | undefined,
  ): { refund: StoredRefund } | { status: number; error: ReturnType<typeof stripeError> } {
    const charge = chargeOf(paymentIntent);
    if (!charge) {
      return { status: 404, error: stripeError(`No such payment_intent: '${paymentIntent}'`, 'resource_missing') };
    }
    if ([...refunds.values()].some((refund) => refund.payment_intent === paymentIntent)) {
      return { status: 400, error: stripeError('This charge has already been refunded.', 'charge_already_refunded') };
    }
    const refund: StoredRefund = {
      id: id('re'),
      object: 'refund',
      payment_intent: paymentIntent,
      ...charge,
      status: 'succeeded',
      idempotencyKey,
    };
    refunds.set(refund.id, refund);
    return { refund };
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const params = new URLSearchParams(request.method === 'GET' ? url.search : body);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? '', path: url.pathname, params, idempotencyKey });
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        send(response, 401, stripeError('Invalid API Key provided'));
        return;
      }
      const notFound = (what: string, objectId: string) =>
        send(response, 404, stripeError(`No such ${what}: '${objectId}'`, 'resource_missing'));
      // A repeated idempotency key gets the object its first request created, not a new one.
      const earlier = <T>(store: Map<string, T>) => {
        const earlierId = idempotencyKey ? createdByKey.get(idempotencyKey) : undefined;
        return earlierId ? store.get(earlierId) : undefined;
      };
      const remember = (created: { id: string }) => {
        if (idempotencyKey) createdByKey.set(idempotencyKey, created.id);
      };

      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const session = earlier(sessions) ?? createSession(params, checkoutPageUrl);
        sessions.set(session.id, session);
        remember(session);
        send(response, 200, session);
        return;
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && sessionMatch) {
        const sessionId = decodeURIComponent(sessionMatch[1]!);
        const session = sessions.get(sessionId);
        if (session) send(response, 200, session);
        else notFound('checkout.session', sessionId);
        return;
      }
      const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (subscriptionMatch) {
        const subscriptionId = decodeURIComponent(subscriptionMatch[1]!);
        const subscription = subscriptions.get(subscriptionId);
        if (!subscription) {
          notFound('subscription', subscriptionId);
          return;
        }
        let changed = false;
        if (request.method === 'POST' && params.has('items[0][id]') && !earlier(subscriptions)) {
          const failure = changeItem(subscription, params);
          if (failure) {
            send(response, 400, stripeError(failure, 'parameter_invalid'));
            return;
          }
          remember(subscription);
          changed = true;
        }
        if (request.method === 'POST' && params.has('cancel_at_period_end')) {
          subscription.cancel_at_period_end = params.get('cancel_at_period_end') === 'true';
        }
        if (request.method === 'DELETE') subscription.status = 'canceled';
        const expandInvoice = [...params.entries()].some(
          ([key, value]) => key.startsWith('expand') && value === 'latest_invoice',
        );
        send(response, 200, {
          ...subscription,
          latest_invoice:
            expandInvoice && subscription.latest_invoice
              ? invoices.get(subscription.latest_invoice)
              : subscription.latest_invoice,
        });
        if (changed) {
          onItemChanged?.({ subscription, invoice: invoices.get(subscription.latest_invoice ?? '') ?? null });
        }
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/products') {
        const productId = params.get('id') ?? id('prod');
        if (products.has(productId) && !earlier(products)) {
          send(response, 400, stripeError(`Product already exists.`, 'resource_already_exists'));
          return;
        }
        const product = earlier(products) ?? {
          id: productId,
          object: 'product' as const,
          name: params.get('name') ?? '',
        };
        products.set(product.id, product);
        remember(product);
        send(response, 200, product);
        return;
      }
      const productMatch = /^\/v1\/products\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && productMatch) {
        const productId = decodeURIComponent(productMatch[1]!);
        const product = products.get(productId);
        if (product) send(response, 200, product);
        else notFound('product', productId);
        return;
      }
      const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && invoiceMatch) {
        const invoiceId = decodeURIComponent(invoiceMatch[1]!);
        const invoice = invoices.get(invoiceId);
        if (invoice) send(response, 200, invoice);
        else notFound('invoice', invoiceId);
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const replayed = earlier(refunds);
        const result = replayed
          ? { refund: replayed }
          : createRefund(params.get('payment_intent') ?? '', idempotencyKey);
        if ('error' in result) {
          send(response, result.status, result.error);
          return;
        }
        remember(result.refund);
        // The key is this stand-in's bookkeeping, not part of Stripe's refund object.
        const { idempotencyKey: _key, ...stripeRefund } = result.refund;
        send(response, 200, stripeRefund);
        return;
      }
      const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && intentMatch) {
        const intentId = decodeURIComponent(intentMatch[1]!);
        const charge = chargeObject(intentId);
        if (!charge) {
          notFound('payment_intent', intentId);
          return;
        }
        const expanded = [...params.entries()].some(
          ([key, value]) => key.startsWith('expand') && value === 'latest_charge',
        );
        send(response, 200, {
          id: intentId,
          object: 'payment_intent',
          amount: charge.amount,
          currency: charge.currency,
          status: 'succeeded',
          latest_charge: expanded ? charge : charge.id,
        });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const session: PortalSession = {
          id: id('bps'),
          customer: params.get('customer') ?? '',
          return_url: params.get('return_url') ?? '',
          url: `https://billing.stripe.test/p/session/${id('live')}`,
        };
        portalSessions.push(session);
        send(response, 200, { ...session, object: 'billing_portal.session' });
        return;
      }
      send(
        response,
        404,
        stripeError(`Unrecognized request URL (${request.method}: ${url.pathname})`, 'resource_missing'),
      );
    });
  });

  /** The customer pays on Stripe's page: the session completes and is paid. */
  function payCheckout(sessionId: string, mode: 'subscription' | 'payment'): CheckoutSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    // Each mode completes into different objects; mixing them up would hide a test's mistake.
    if (session.mode !== mode) throw new Error(`Session ${sessionId} is in ${session.mode} mode, not ${mode}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    return session;
  }

  /** An invoice of the subscription's current period: paid (with a payment intent) or left open. */
  function issueInvoice(
    subscription: StoredSubscription,
    amount: number,
    currency: string,
    name: string,
    paid: boolean,
  ) {
    const item = subscription.items.data[0]!;
    const invoice: StoredInvoice = {
      id: id('in'),
      object: 'invoice',
      status: paid ? 'paid' : 'open',
      subscription: subscription.id,
      customer: subscription.customer,
      amount_paid: paid ? amount : 0,
      currency,
      payment_intent: paid ? id('pi') : null,
      hosted_invoice_url: `https://invoice.stripe.test/i/${id('acct')}`,
      invoice_pdf: `https://pay.stripe.test/invoice/${id('acct')}/pdf`,
      lines: {
        object: 'list',
        data: [
          {
            id: id('il'),
            description: `${item.quantity} × ${name}`,
            quantity: item.quantity,
            amount,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
      },
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /**
   * `items[0]` gets a new price and quantity with `proration_behavior: always_invoice`: unused time on
   * the old item is credited, the rest of the period on the new one charged (a new interval starts a
   * new period), and the invoice is paid at once with the card on file. With `payment_behavior:
   * pending_if_incomplete` a declined card leaves the change pending and the items as they were.
   */
  function changeItem(subscription: StoredSubscription, params: URLSearchParams): string | null {
    const item = subscription.items.data[0]!;
    if (params.get('items[0][id]') !== item.id) return `No such subscription item: '${params.get('items[0][id]')}'`;
    const productId = params.get('items[0][price_data][product]') ?? '';
    if (!products.has(productId)) return `No such product: '${productId}'`;
    const price: StoredPrice = {
      id: id('price'),
      object: 'price',
      currency: params.get('items[0][price_data][currency]') ?? '',
      unit_amount: Number(params.get('items[0][price_data][unit_amount]')),
      recurring: { interval: params.get('items[0][price_data][recurring][interval]') ?? 'month' },
      product: productId,
    };
    const quantity = Number(params.get('items[0][quantity]') ?? item.quantity);
    const old = item.price;
    if (old && old.currency !== price.currency) return 'The currency of a subscription cannot change.';
    const at = nowSeconds();
    const remaining = Math.min(
      1,
      Math.max(0, (item.current_period_end - at) / Math.max(item.current_period_end - item.current_period_start, 1)),
    );
    const newInterval = old?.recurring.interval !== price.recurring.interval;
    const credit = -Math.round((old?.unit_amount ?? 0) * item.quantity * remaining);
    const charge = newInterval ? price.unit_amount * quantity : Math.round(price.unit_amount * quantity * remaining);
    const periodEnd = newInterval
      ? at + (price.recurring.interval === 'year' ? 365 : 30) * 86_400
      : item.current_period_end;
    const total = credit + charge;
    const alwaysInvoice = params.get('proration_behavior') === 'always_invoice';
    const paid = !alwaysInvoice || total <= 0 || !cardDeclined;
    const invoice: StoredInvoice = {
      id: id('in'),
      object: 'invoice',
      status: paid ? 'paid' : 'open',
      subscription: subscription.id,
      customer: subscription.customer,
      amount_paid: paid ? Math.max(total, 0) : 0,
      total,
      currency: price.currency,
      payment_intent: paid && total > 0 ? id('pi') : null,
      hosted_invoice_url: `https://invoice.stripe.test/i/${id('acct')}`,
      invoice_pdf: `https://pay.stripe.test/invoice/${id('acct')}/pdf`,
      lines: {
        object: 'list',
        data: [
          {
            id: id('il'),
            description: `Unused time on ${item.quantity} × previous price`,
            quantity: item.quantity,
            amount: credit,
            period: { start: at, end: item.current_period_end },
          },
          {
            id: id('il'),
            description: `Remaining time on ${quantity} × ${products.get(productId)!.name}`,
            quantity,
            amount: charge,
            period: { start: at, end: periodEnd },
          },
        ],
      },
    };
    if (alwaysInvoice) {
      invoices.set(invoice.id, invoice);
      subscription.latest_invoice = invoice.id;
    }
    if (!paid && params.get('payment_behavior') === 'pending_if_incomplete') {
      subscription.pending_update = { subscription_items: [{ id: item.id, quantity, price }] };
      return null;
    }
    Object.assign(item, { price, quantity });
    if (newInterval) Object.assign(item, { current_period_start: at, current_period_end: periodEnd });
    subscription.pending_update = null;
    return null;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** For the billing module's `stripeApi` option (the SDK's host, port and protocol). */
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    sessions,
    subscriptions,
    invoices,
    refunds,
    products,
    portalSessions,
    /** Declines (true) or accepts the card on file for the item changes that follow. */
    setCardDeclined(declined: boolean) {
      cardDeclined = declined;
    },
    /** Moves the clock prorations are computed at (seconds since the epoch). */
    setClock(seconds: () => number) {
      nowSeconds = seconds;
    },
    /**
     * The customer pays a change's open proration invoice (e.g. after updating the card): the
     * pending item change applies. Returns the paid invoice (for the `invoice.paid` event).
     */
    payPendingUpdate(subscriptionId: string) {
      const subscription = subscriptions.get(subscriptionId);
      const pending = subscription?.pending_update?.subscription_items[0];
      if (!subscription || !pending) throw new Error(`No pending update on ${subscriptionId}`);
      const invoice = invoices.get(subscription.latest_invoice ?? '');
      if (!invoice) throw new Error(`No invoice for ${subscriptionId}`);
      const total = invoice.total ?? 0;
      Object.assign(invoice, { status: 'paid', amount_paid: Math.max(total, 0), payment_intent: id('pi') });
      Object.assign(subscription.items.data[0]!, { price: pending.price, quantity: pending.quantity });
      subscription.pending_update = null;
      return invoice;
    },
    /**
     * Stripe's renewal run for a subscription: the period moves on (unless it is past due already)
     * and the subscription is active when paid, past due when declined. Returns the invoice (for
     * the `invoice.*` event).
     */
    renew(
      subscriptionId: string,
      { paid, amount, currency = 'usd' }: { paid: boolean; amount: number; currency?: string },
    ) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
      const item = subscription.items.data[0]!;
      // A renewal opens the next period, paid or not; a later payment settles the period already open.
      if (subscription.status !== 'past_due') {
        const length = item.current_period_end - item.current_period_start;
        item.current_period_start = item.current_period_end;
        item.current_period_end += length;
      }
      subscription.status = paid ? 'active' : 'past_due';
      return issueInvoice(subscription, amount, currency, 'Renewal', paid);
    },
    /** A subscription-mode checkout is paid: a subscription starts with a paid first invoice. */
    completeCheckout(sessionId: string, { periodDays = 30 } = {}) {
      const session = payCheckout(sessionId, 'subscription');
      const start = nowSeconds();
      const line = session.line_items[0];
      const subscription: StoredSubscription = {
        id: id('sub'),
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: false,
        customer: id('cus'),
        latest_invoice: null,
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              current_period_start: start,
              current_period_end: start + periodDays * 86_400,
              quantity: line?.quantity ?? 1,
              ...(line
                ? {
                    price: {
                      id: id('price'),
                      object: 'price' as const,
                      currency: line.currency,
                      unit_amount: line.unit_amount,
                      recurring: { interval: line.interval ?? 'month' },
                      product: id('prod'),
                    },
                  }
                : {}),
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      issueInvoice(subscription, session.amount_total, session.currency, session.line_items[0]?.name ?? '', true);
      Object.assign(session, { subscription: subscription.id, customer: subscription.customer });
      return { session, subscription };
    },
    /** A payment-mode checkout is paid: the session gets the PaymentIntent that a refund names. */
    completePayment(sessionId: string): CheckoutSession {
      const session = payCheckout(sessionId, 'payment');
      session.payment_intent = id('pi');
      return session;
    },
    /** The Charge of a paid PaymentIntent as Stripe shows it now (the object of `charge.*` events). */
    charge(paymentIntent: string) {
      const charge = chargeObject(paymentIntent);
      if (!charge) throw new Error(`No charge for ${paymentIntent}`);
      return charge;
    },
    /** Someone refunds a payment in Stripe's dashboard (not through the app): returns the refunded Charge. */
    refundAtStripe(paymentIntent: string) {
      const result = createRefund(paymentIntent, undefined);
      if ('error' in result) throw new Error(result.error.error.message);
      return this.charge(paymentIntent);
    },
    /**
     * A webhook request as Stripe sends it: the event JSON and its `Stripe-Signature` header
     * (`secret` lets a test forge one, `timestamp` in seconds replay an old one).
     */
    signedEvent(
      type: string,
      object: object,
      {
        eventId = id('evt'),
        secret = webhookSecret,
        timestamp,
      }: { eventId?: string; secret?: string; timestamp?: number } = {},
    ) {
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
      return { eventId, payload, signature };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeApiStandIn = Awaited<ReturnType<typeof startStripeApiStandIn>>;
