import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local Stripe API stand-in for one-time payments (the marketplace's purchases): an HTTP server on
 * 127.0.0.1 that speaks the subset of Stripe's API the payments interface calls for them — create
 * and retrieve Checkout Sessions in `payment` mode, and create Refunds of their PaymentIntents —
 * with Stripe's bearer-key check, form-encoded bodies, JSON answers, error shape and idempotency
 * keys. Stripe's own API cannot be reached from here; the SDK is pointed at this server instead.
 * (The subscription side lives in stripe-api-stand-in.ts.)
 */

export interface PaymentSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  mode: string;
  url: string;
  client_reference_id: string | null;
  customer_email: string | null;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  line_items: { quantity: number; currency: string; unit_amount: number; name: string }[];
}

export interface StoredRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
}

export interface RecordedPaymentRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export async function startStripePaymentsStandIn({
  secretKey,
  webhookSecret,
}: {
  secretKey: string;
  webhookSecret: string;
}) {
  const sessions = new Map<string, PaymentSession>();
  const refunds = new Map<string, StoredRefund>();
  const idempotent = new Map<string, string>();
  const requests: RecordedPaymentRequest[] = [];

  function send(response: http.ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  }
  const invalid = (response: http.ServerResponse, status: number, code: string, message: string) =>
    send(response, status, { error: { type: 'invalid_request_error', code, message } });

  function createSession(params: URLSearchParams): PaymentSession {
    const lineItems: PaymentSession['line_items'] = [];
    for (let index = 0; params.has(`line_items[${index}][quantity]`); index += 1) {
      const at = (key: string) => params.get(`line_items[${index}]${key}`) ?? '';
      lineItems.push({
        quantity: Number(at('[quantity]')),
        currency: at('[price_data][currency]'),
        unit_amount: Number(at('[price_data][unit_amount]')),
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
      payment_intent: null,
      success_url: (params.get('success_url') ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId),
      cancel_url: params.get('cancel_url') ?? '',
      metadata,
      amount_total: lineItems.reduce((sum, item) => sum + item.quantity * item.unit_amount, 0),
      currency: lineItems[0]?.currency ?? '',
      line_items: lineItems,
    };
  }

  /** A refund of a paid session's PaymentIntent, in full; a second one is refused as Stripe does. */
  function createRefund(params: URLSearchParams): { status: number; body: unknown; refund?: StoredRefund } {
    const paymentIntent = params.get('payment_intent') ?? '';
    const session = [...sessions.values()].find((item) => item.payment_intent === paymentIntent);
    const error = (code: string, message: string) => ({ error: { type: 'invalid_request_error', code, message } });
    if (!session) return { status: 404, body: error('resource_missing', `No such payment_intent: '${paymentIntent}'`) };
    if ([...refunds.values()].some((refund) => refund.payment_intent === paymentIntent)) {
      return { status: 400, body: error('charge_already_refunded', 'This charge has already been refunded.') };
    }
    const refund: StoredRefund = {
      id: id('re'),
      object: 'refund',
      payment_intent: paymentIntent,
      amount: session.amount_total,
      currency: session.currency,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund, refund };
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
        else invalid(response, 404, 'resource_missing', 'No such checkout.session');
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const earlier = replayed ? refunds.get(replayed) : undefined;
        if (earlier) {
          send(response, 200, earlier);
          return;
        }
        const result = createRefund(params);
        if (idempotencyKey && result.refund) idempotent.set(idempotencyKey, result.refund.id);
        send(response, result.status, result.body);
        return;
      }
      invalid(response, 404, 'resource_missing', `Unrecognized request URL (${request.method}: ${url.pathname})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** For the billing module's `stripeApi` option (the SDK's host, port and protocol). */
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    sessions,
    refunds,
    /** The customer pays on Stripe's page: the session completes with a PaymentIntent. */
    completePayment(sessionId: string): PaymentSession {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi') });
      return session;
    },
    /** A webhook request as Stripe sends it: the event JSON and its `Stripe-Signature` header. */
    signedEvent(type: string, object: object, { eventId = id('evt') }: { eventId?: string } = {}) {
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return { eventId, payload, signature };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripePaymentsStandIn = Awaited<ReturnType<typeof startStripePaymentsStandIn>>;
