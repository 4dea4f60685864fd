import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local Stripe API stand-in: an HTTP server on 127.0.0.1 that speaks the subset of Stripe's API the
 * billing module calls (create and retrieve Checkout Sessions, retrieve, update and cancel Subscriptions,
 * retrieve Invoices, create Refunds and Billing Portal sessions),
 * with Stripe's bearer-key check, form-encoded bodies, JSON answers, error shape and idempotency
 * keys. Stripe's own API cannot be reached from here; the SDK is pointed at this server instead.
 */

interface StoredSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  mode: string;
  url: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  line_items: { quantity: number; currency: string; unit_amount: number; interval: string; name: string }[];
}

interface StoredSubscription {
  id: string;
  object: 'subscription';
  status: Stripe.Subscription.Status;
  cancel_at_period_end: boolean;
  customer: string;
  latest_invoice: string | null;
  items: {
    object: 'list';
    data: { id: string; current_period_start: number; current_period_end: number; quantity: number }[];
  };
}

interface StoredInvoice {
  id: string;
  object: 'invoice';
  status: 'paid' | 'open';
  subscription: string;
  customer: string;
  amount_paid: number;
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

export interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export async function startStripeApiStandIn({
  secretKey,
  webhookSecret,
}: {
  secretKey: string;
  webhookSecret: string;
}) {
  const sessions = new Map<string, StoredSession>();
  const subscriptions = new Map<string, StoredSubscription>();
  const invoices = new Map<string, StoredInvoice>();
  const refunds: { id: string; payment_intent: string; idempotencyKey: string | undefined }[] = [];
  const portalSessions: { id: string; customer: string; return_url: string; url: string }[] = [];
  const idempotent = new Map<string, string>();
  const requests: RecordedRequest[] = [];

  function send(response: http.ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  }
  const notFound = (response: http.ServerResponse, what: string) =>
    send(response, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    });

  function createSession(params: URLSearchParams): StoredSession {
    const lineItems: StoredSession['line_items'] = [];
    for (let index = 0; params.has(`line_items[${index}][quantity]`); index += 1) {
      const at = (key: string) => params.get(`line_items[${index}]${key}`) ?? '';
      lineItems.push({
        quantity: Number(at('[quantity]')),
        currency: at('[price_data][currency]'),
        unit_amount: Number(at('[price_data][unit_amount]')),
        interval: at('[price_data][recurring][interval]'),
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
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      client_reference_id: params.get('client_reference_id'),
      customer_email: params.get('customer_email'),
      customer: null,
      subscription: null,
      success_url: (params.get('success_url') ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId),
      cancel_url: params.get('cancel_url') ?? '',
      metadata,
      amount_total: lineItems.reduce((sum, item) => sum + item.quantity * item.unit_amount, 0),
      currency: lineItems[0]?.currency ?? '',
      line_items: lineItems,
    };
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
        send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const replayed = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;

      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const session = (replayed && sessions.get(replayed)) || createSession(params);
        sessions.set(session.id, session);
        if (idempotencyKey) idempotent.set(idempotencyKey, session.id);
        send(response, 200, session);
        return;
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && sessionMatch) {
        const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
        if (session) send(response, 200, session);
        else notFound(response, 'checkout.session');
        return;
      }
      const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (subscriptionMatch) {
        const subscription = subscriptions.get(decodeURIComponent(subscriptionMatch[1]!));
        if (!subscription) {
          notFound(response, 'subscription');
          return;
        }
        if (request.method === 'POST' && params.has('cancel_at_period_end')) {
          subscription.cancel_at_period_end = params.get('cancel_at_period_end') === 'true';
        }
        if (request.method === 'DELETE') subscription.status = 'canceled';
        send(response, 200, subscription);
        return;
      }
      const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && invoiceMatch) {
        const invoice = invoices.get(decodeURIComponent(invoiceMatch[1]!));
        if (invoice) send(response, 200, invoice);
        else notFound(response, 'invoice');
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const paymentIntent = params.get('payment_intent') ?? '';
        const known = [...invoices.values()].some((invoice) => invoice.payment_intent === paymentIntent);
        if (!known) {
          notFound(response, 'payment_intent');
          return;
        }
        const existing = refunds.find((refund) => idempotencyKey && refund.idempotencyKey === idempotencyKey);
        const refund = existing ?? { id: id('re'), payment_intent: paymentIntent, idempotencyKey };
        if (!existing) refunds.push(refund);
        send(response, 200, { id: refund.id, object: 'refund', payment_intent: paymentIntent, status: 'succeeded' });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const session = {
          id: id('bps'),
          customer: params.get('customer') ?? '',
          return_url: params.get('return_url') ?? '',
          url: `https://billing.stripe.test/p/session/${id('live')}`,
        };
        portalSessions.push(session);
        send(response, 200, { ...session, object: 'billing_portal.session' });
        return;
      }
      notFound(response, `route ${request.method} ${url.pathname}`);
    });
  });
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
    portalSessions,
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
    /** The customer pays on Stripe's page: the session completes and a subscription starts. */
    completeCheckout(sessionId: string, { periodDays = 30 } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      const start = Math.floor(Date.now() / 1000);
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
              quantity: session.line_items[0]?.quantity ?? 1,
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      issueInvoice(subscription, session.amount_total, session.currency, session.line_items[0]?.name ?? '', true);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
        customer: subscription.customer,
      });
      return { session, subscription };
    },
    /**
     * A webhook request as Stripe sends it: the event JSON and its `Stripe-Signature` header
     * (`timestamp` in seconds lets a test replay an old event).
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
