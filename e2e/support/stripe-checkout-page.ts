// Stripe for the journeys in Stripe mode: the server tests' Stripe API stand-in (the `stripe` SDK in
// the server talks to it through STRIPE_API_URL), plus what a customer's browser sees of Stripe —
// the hosted Checkout page — and what Stripe does when the customer pays there: it completes the
// session and posts signed webhooks to the app, then sends the browser back to the success URL.
// Stripe itself cannot be reached from this machine; this is a stand-in, and the journeys say so.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  startStripeApiStandIn,
  type CheckoutSession,
  type StripeApiStandIn,
} from '../../apps/server/test/helpers/stripe-api-stand-in.ts';

export const STRIPE_SECRET_KEY = 'sk_test_e2e_stand_in';
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stand_in';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function checkoutPage(session: CheckoutSession): string {
  const total = (session.amount_total / 100).toFixed(2);
  const lines = session.line_items.map((line) => `<li>${line.quantity} × ${escapeHtml(line.name)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Stripe Checkout (stand-in)</title></head>
<body>
<main>
<h1>Stripe Checkout (stand-in)</h1>
<p>${escapeHtml(session.customer_email ?? '')}</p>
<ul aria-label="Items">${lines}</ul>
<p>Total: ${session.currency.toUpperCase()} ${total}</p>
<form method="post"><button type="submit">Pay</button></form>
<a href="${escapeHtml(session.cancel_url)}">Back</a>
</main>
</body></html>`;
}

/**
 * Starts the API stand-in and the hosted Checkout page; signed events go to `webhookUrl`.
 * Returns the environment that points the server's Stripe provider at them.
 */
export async function startStripeForJourneys(webhookUrl: string) {
  let pagesBase = '';
  const api: StripeApiStandIn = await startStripeApiStandIn({
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    checkoutPageUrl: (sessionId) => `${pagesBase}/c/pay/${sessionId}`,
    // A plan or seat change is charged at once (the saved card pays the prorated invoice), and
    // Stripe tells the app as it does after any change.
    onItemChanged: ({ subscription, invoice }) => {
      void (async () => {
        if (invoice) await deliver('invoice.paid', invoice);
        await deliver('customer.subscription.updated', subscription);
      })().catch((error: unknown) => console.error('Stripe stand-in: event delivery failed', error));
    },
  });

  /** Delivers one signed event as Stripe does: a POST with the Stripe-Signature header. */
  async function deliver(type: string, object: object): Promise<void> {
    const event = api.signedEvent(type, object);
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    if (!response.ok) throw new Error(`The app refused ${type}: ${response.status} ${await response.text()}`);
  }

  const pages = http.createServer((request, response) => {
    const match = /^\/c\/pay\/([^/?]+)/.exec(request.url ?? '');
    const session = match ? api.sessions.get(decodeURIComponent(match[1]!)) : undefined;
    if (!session) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout session');
      return;
    }
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(session));
      return;
    }
    // The customer pays: the subscription starts and Stripe tells the app, then redirects.
    request.resume();
    request.on('end', () => {
      void (async () => {
        const yearly = session.line_items[0]?.interval === 'year';
        const { subscription } = api.completeCheckout(session.id, { periodDays: yearly ? 365 : 30 });
        await deliver('checkout.session.completed', session);
        await deliver('customer.subscription.created', subscription);
        if (subscription.latest_invoice) await deliver('invoice.paid', api.invoices.get(subscription.latest_invoice)!);
        response.writeHead(303, { location: session.success_url }).end();
      })().catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesBase = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;

  return {
    env: {
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: `${api.api.protocol}://${api.api.host}:${api.api.port}`,
    },
    async close() {
      pages.closeAllConnections();
      await new Promise<void>((resolve) => pages.close(() => resolve()));
      await api.close();
    },
  };
}
