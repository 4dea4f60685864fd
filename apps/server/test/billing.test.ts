import { testCards } from '@compliance/shared/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../src/modules/access/actor.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startStripeApiStandIn, type StripeApiStandIn } from './helpers/stripe-api-stand-in.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';

const GIB = 1024 ** 3;

async function overview(app: TestApp, user: TestUser) {
  const response = await app.inject({ method: 'GET', url: '/api/billing/overview', headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    provider: string;
    plan: { id: string; limits: { storageBytes: number; monthlyTokens: number; seats: number } };
    subscription: { planId: string; status: string; seats: number; cancelAtPeriodEnd: boolean } | null;
    canManage: boolean;
    usage: {
      storage: { used: number; limit: number };
      tokens: { used: number; limit: number };
      seats: { used: number; limit: number };
    };
  }>();
}

async function startCheckout(
  app: TestApp,
  user: TestUser,
  body: Record<string, unknown> = { planId: 'professional', interval: 'month', currency: 'CHF' },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    headers: user.headers,
    payload: body,
  });
  return response;
}

async function checkoutStatus(app: TestApp, user: TestUser, sessionId: string) {
  return app.inject({
    method: 'GET',
    url: `/api/billing/checkout/${encodeURIComponent(sessionId)}`,
    headers: user.headers,
  });
}

describe('plans and the built-in TEST MODE provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ entitlements: { storageBytes: 3_000, monthlyTokens: 1_000 } });
  });
  afterAll(() => app.close());

  it('offers Free, Professional and Team, and a new account holds Free with the configured limits', async () => {
    const plans = await app.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(plans.statusCode).toBe(200);
    expect(plans.json().plans.map((plan: { id: string }) => plan.id)).toEqual(['free', 'professional', 'team']);
    const team = plans.json().plans.find((plan: { id: string }) => plan.id === 'team');
    expect(team.prices.CHF).toEqual({ month: 2500, year: 25000 });
    expect(team.perSeat).toBe(true);

    const user = await createTestUser(app);
    const mine = await overview(app, user);
    expect(mine.provider).toBe('test');
    expect(mine.plan.id).toBe('free');
    expect(mine.subscription).toBeNull();
    expect(mine.usage.storage.limit).toBe(3_000);
    expect(mine.usage.tokens.limit).toBe(1_000);
  });

  it('upgrades after a successful test-card payment, verified by the server', async () => {
    const user = await createTestUser(app);
    const started = await startCheckout(app, user);
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId, url } = started.json<{ sessionId: string; url: string }>();
    expect(url).toBe(`/subscription/test-checkout/${sessionId}`);

    const page = await app.inject({
      method: 'GET',
      url: `/api/billing/test-checkout/${sessionId}`,
      headers: user.headers,
    });
    expect(page.json()).toMatchObject({ planName: 'Professional', amount: 2900, currency: 'CHF', status: 'open' });

    const paid = await app.inject({
      method: 'POST',
      url: `/api/billing/test-checkout/${sessionId}/pay`,
      headers: user.headers,
      payload: { cardNumber: '4242 4242 4242 4242' },
    });
    expect(paid.json()).toEqual({
      outcome: 'succeeded',
      redirectUrl: `/subscription/success?session_id=${sessionId}`,
    });

    const status = await checkoutStatus(app, user, sessionId);
    expect(status.json()).toMatchObject({ status: 'complete', paid: true, subscription: { planId: 'professional' } });
    const mine = await overview(app, user);
    expect(mine.plan.id).toBe('professional');
    expect(mine.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(mine.usage.storage.limit).toBe(10 * GIB);

    // The checkout is closed now: paying again is refused.
    const again = await app.inject({
      method: 'POST',
      url: `/api/billing/test-checkout/${sessionId}/pay`,
      headers: user.headers,
      payload: { cardNumber: testCards.success },
    });
    expect(again.json().error.code).toBe('CHECKOUT_CLOSED');
  });

  it('grants nothing for a declined card, insufficient funds or a failed authentication', async () => {
    const user = await createTestUser(app);
    const { sessionId } = (await startCheckout(app, user)).json<{ sessionId: string }>();
    const pay = (cardNumber: string) =>
      app.inject({
        method: 'POST',
        url: `/api/billing/test-checkout/${sessionId}/pay`,
        headers: user.headers,
        payload: { cardNumber },
      });
    expect((await pay('4000 0000 0000 0002')).json()).toEqual({ outcome: 'declined', redirectUrl: null });
    expect((await pay(testCards.insufficientFunds)).json()).toEqual({
      outcome: 'insufficient_funds',
      redirectUrl: null,
    });
    expect((await pay(testCards.requiresAuthentication)).json().outcome).toBe('requires_authentication');
    const failed = await app.inject({
      method: 'POST',
      url: `/api/billing/test-checkout/${sessionId}/authenticate`,
      headers: user.headers,
      payload: { approve: false },
    });
    expect(failed.json().outcome).toBe('declined');
    expect((await overview(app, user)).plan.id).toBe('free');
    expect((await checkoutStatus(app, user, sessionId)).json()).toMatchObject({ paid: false, subscription: null });

    // The same checkout can still be paid after an approved authentication.
    expect((await pay(testCards.requiresAuthentication)).json().outcome).toBe('requires_authentication');
    const approved = await app.inject({
      method: 'POST',
      url: `/api/billing/test-checkout/${sessionId}/authenticate`,
      headers: user.headers,
      payload: { approve: true },
    });
    expect(approved.json().outcome).toBe('succeeded');
    expect((await overview(app, user)).plan.id).toBe('professional');
  });

  it('grants nothing from the success redirect alone, and hides one user’s checkout from another', async () => {
    const user = await createTestUser(app);
    const other = await createTestUser(app);
    const { sessionId } = (await startCheckout(app, user)).json<{ sessionId: string }>();
    const status = await checkoutStatus(app, user, sessionId);
    expect(status.json()).toMatchObject({ status: 'open', paid: false, subscription: null });
    expect((await overview(app, user)).plan.id).toBe('free');

    expect((await checkoutStatus(app, other, sessionId)).json().error.code).toBe('CHECKOUT_NOT_FOUND');
    const foreignPay = await app.inject({
      method: 'POST',
      url: `/api/billing/test-checkout/${sessionId}/pay`,
      headers: other.headers,
      payload: { cardNumber: testCards.success },
    });
    expect(foreignPay.json().error.code).toBe('CHECKOUT_NOT_FOUND');
    expect((await checkoutStatus(app, user, 'cs_test_made_up')).json().error.code).toBe('CHECKOUT_NOT_FOUND');
    expect(
      (await startCheckout(app, user, { planId: 'free', interval: 'month', currency: 'CHF' })).json().error.code,
    ).toBe('PLAN_NOT_FOUND');
  });

  it('keeps a usage ledger line for every token count, with the action that spent it', async () => {
    const user = await createTestUser(app);
    const actor = userActor({ user: { ...user.user, emailVerified: true }, sessionId: 'ledger' }, '127.0.0.1');
    await app.entitlements.recordTokens(actor, 120, { action: 'chat.answer', reference: 'conversation-1' });
    await app.entitlements.recordTokens(actor, 30, { action: 'chat.answer', reference: 'conversation-2' });
    const ledger = await app.inject({ method: 'GET', url: '/api/billing/usage-ledger', headers: user.headers });
    expect(
      ledger.json().entries.map((entry: { amount: number; reference: string }) => [entry.amount, entry.reference]),
    ).toEqual([
      [30, 'conversation-2'],
      [120, 'conversation-1'],
    ]);
    expect((await overview(app, user)).usage.tokens.used).toBe(150);
  });

  it('keeps everything readable when the plan drops below usage, and blocks only new use', async () => {
    const user = await createTestUser(app);
    const { sessionId } = (await startCheckout(app, user)).json<{ sessionId: string }>();
    await app.inject({
      method: 'POST',
      url: `/api/billing/test-checkout/${sessionId}/pay`,
      headers: user.headers,
      payload: { cardNumber: testCards.success },
    });
    const stored = await uploadFile(app, user.headers, 'big-notes.txt', 'Due diligence. '.repeat(400));
    expect(stored.statusCode, stored.body).toBe(201);

    // Renewal stops and the period ends: the provider reports the subscription as canceled.
    const cancel = await app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers: user.headers });
    expect(cancel.json().subscription.cancelAtPeriodEnd).toBe(true);
    await app.inject({
      method: 'PATCH',
      url: '/api/admin/plans/professional',
      headers: (await createTestUser(app, { role: 'admin' })).headers,
      payload: {
        limits: { storageBytes: 1_000, monthlyTokens: 10, seats: 1, marketplaceSelling: true, connections: 2 },
      },
    });

    const after = await overview(app, user);
    expect(after.usage.storage.used).toBeGreaterThan(after.usage.storage.limit);
    const list = await app.inject({ method: 'GET', url: '/api/documents', headers: user.headers });
    expect(list.json().files.map((file: { name: string }) => file.name)).toContain('big-notes.txt');
    const refused = await uploadFile(app, user.headers, 'more.txt', 'x');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
  });

  it('lets only admins edit plans, and a plan’s limits apply to its holders at once', async () => {
    const user = await createTestUser(app);
    const refused = await app.inject({
      method: 'PATCH',
      url: '/api/admin/plans/free',
      headers: user.headers,
      payload: { name: 'Gratis' },
    });
    expect(refused.statusCode).toBe(403);
    const admin = await createTestUser(app, { role: 'admin' });
    const edited = await app.inject({
      method: 'PATCH',
      url: '/api/admin/plans/free',
      headers: admin.headers,
      payload: {
        name: 'Starter',
        limits: { storageBytes: 5_000, monthlyTokens: 2_000, seats: 1, marketplaceSelling: false, connections: 3 },
      },
    });
    expect(edited.json()).toMatchObject({ name: 'Starter', limits: { storageBytes: 5_000 } });
    expect((await overview(app, user)).usage.storage.limit).toBe(5_000);
  });
});

describe('companies, seats and the Team plan', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const company = { name: 'Alpen Treuhand AG', size: '2-10', type: 'fiduciary', country: 'CH', jobRole: 'mlro' };

  it('sells Team to a company admin only, fills its seats with members and keeps companies apart', async () => {
    const admin = await createTestUser(app);
    const colleague = await createTestUser(app);
    const third = await createTestUser(app);
    const outsider = await createTestUser(app);

    const noCompany = await startCheckout(app, admin, { planId: 'team', interval: 'year', currency: 'EUR', seats: 2 });
    expect(noCompany.json().error.code).toBe('COMPANY_NOT_FOUND');

    const created = await app.inject({
      method: 'PUT',
      url: '/api/onboarding/company',
      headers: admin.headers,
      payload: company,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Alpen Treuhand AG', role: 'admin', seats: { used: 1, limit: 1 } });

    // On Free, the company has one seat: the admin's.
    const full = await app.inject({
      method: 'POST',
      url: '/api/company/invitations',
      headers: admin.headers,
      payload: { email: colleague.user.email },
    });
    expect(full.json().error.code).toBe('SEAT_LIMIT_REACHED');

    const { sessionId } = (
      await startCheckout(app, admin, { planId: 'team', interval: 'year', currency: 'EUR', seats: 2 })
    ).json<{ sessionId: string }>();
    const page = await app.inject({
      method: 'GET',
      url: `/api/billing/test-checkout/${sessionId}`,
      headers: admin.headers,
    });
    expect(page.json()).toMatchObject({ seats: 2, amount: 50_000, interval: 'year' });
    await app.inject({
      method: 'POST',
      url: `/api/billing/test-checkout/${sessionId}/pay`,
      headers: admin.headers,
      payload: { cardNumber: testCards.success },
    });

    // Colleagues are invited by e-mail (the open invitation takes the seat) and join from the link.
    const added = await app.inject({
      method: 'POST',
      url: '/api/company/invitations',
      headers: admin.headers,
      payload: { email: colleague.user.email.toUpperCase() },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().seats).toEqual({ used: 2, limit: 2 });
    const mail = await app.mail.latestTo(colleague.user.email, 'company_invitation');
    const token = /\?token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
    const joined = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: colleague.headers,
      payload: { token },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const over = await app.inject({
      method: 'POST',
      url: '/api/company/invitations',
      headers: admin.headers,
      payload: { email: third.user.email },
    });
    expect(over.json().error.code).toBe('SEAT_LIMIT_REACHED');

    // The member works under the company's plan but does not manage it.
    const theirs = await overview(app, colleague);
    expect(theirs.plan.id).toBe('team');
    expect(theirs.canManage).toBe(false);
    const memberCheckout = await startCheckout(app, colleague);
    expect(memberCheckout.json().error.code).toBe('COMPANY_ADMIN_ONLY');
    const memberAdds = await app.inject({
      method: 'POST',
      url: '/api/company/invitations',
      headers: colleague.headers,
      payload: { email: third.user.email },
    });
    expect(memberAdds.json().error.code).toBe('COMPANY_ADMIN_ONLY');

    // Someone outside sees no company and keeps the Free plan.
    expect(
      (await app.inject({ method: 'GET', url: '/api/company', headers: outsider.headers })).json().error.code,
    ).toBe('COMPANY_NOT_FOUND');
    expect((await overview(app, outsider)).plan.id).toBe('free');

    // Removing the member frees the seat; their plan falls back to Free.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/company/members/${colleague.user.id}`,
      headers: admin.headers,
    });
    expect(removed.json().seats).toEqual({ used: 1, limit: 2 });
    expect((await overview(app, colleague)).plan.id).toBe('free');
  });

  it('saves the user onboarding step: name, language, role and interests', async () => {
    const user = await createTestUser(app);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/onboarding/user',
      headers: user.headers,
      payload: {
        firstName: 'Lea',
        lastName: 'Meier',
        language: 'de',
        jobRole: 'compliance-officer',
        interests: ['ch-aml', 'fatf'],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const state = await app.inject({ method: 'GET', url: '/api/onboarding', headers: user.headers });
    expect(state.json().user).toEqual({
      firstName: 'Lea',
      lastName: 'Meier',
      language: 'de',
      jobRole: 'compliance-officer',
      interests: ['ch-aml', 'fatf'],
      interestsSource: 'chosen',
      completed: true,
    });
    const invalid = await app.inject({
      method: 'PUT',
      url: '/api/onboarding/user',
      headers: user.headers,
      payload: { firstName: '', lastName: 'Meier', language: 'xx', jobRole: 'analyst', interests: [] },
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('Stripe through the official SDK against a local Stripe API stand-in', () => {
  const secretKey = 'sk_test_local_stand_in';
  const webhookSecret = 'whsec_local_stand_in';
  let stripe: StripeApiStandIn;
  let app: TestApp;

  beforeAll(async () => {
    stripe = await startStripeApiStandIn({ secretKey, webhookSecret });
    app = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        PUBLIC_URL: 'https://compliance.example.com',
      },
      billing: { stripeApi: stripe.api },
    });
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  const deliver = (event: { payload: string; signature: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });

  async function paidCheckout(user: TestUser) {
    const started = await startCheckout(app, user, { planId: 'professional', interval: 'year', currency: 'USD' });
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId } = started.json<{ sessionId: string }>();
    return { sessionId, ...stripe.completeCheckout(sessionId) };
  }

  it('creates a Checkout Session with the plan’s price, an idempotency key and return URLs', async () => {
    const user = await createTestUser(app);
    const started = await startCheckout(app, user, { planId: 'professional', interval: 'year', currency: 'USD' });
    const { sessionId, url } = started.json<{ sessionId: string; url: string }>();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = stripe.sessions.get(sessionId)!;
    expect(session.mode).toBe('subscription');
    expect(session.customer_email).toBe(user.user.email);
    expect(session.line_items).toEqual([
      { quantity: 1, currency: 'usd', unit_amount: 32_000, interval: 'year', name: 'Professional' },
    ]);
    expect(session.success_url).toBe(`https://compliance.example.com/subscription/success?session_id=${sessionId}`);
    expect(session.cancel_url).toBe('https://compliance.example.com/subscription/cancel');
    const create = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(create?.idempotencyKey).toMatch(/^checkout-/);
    expect((await overview(app, user)).provider).toBe('stripe');
  });

  it('refuses an event with a wrong signature, a tampered body or an old timestamp, and changes nothing', async () => {
    const user = await createTestUser(app);
    const { session } = await paidCheckout(user);
    const wrongSecret = stripe.signedEvent('checkout.session.completed', session, { secret: 'whsec_someone_else' });
    const bad = await deliver(wrongSecret);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');

    const genuine = stripe.signedEvent('checkout.session.completed', session);
    const tampered = await deliver({
      ...genuine,
      payload: genuine.payload.replace('"object":"event"', '"object":"event" '),
    });
    expect(tampered.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');

    const replayed = stripe.signedEvent('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 3_600,
    });
    expect((await deliver(replayed)).json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await overview(app, user)).plan.id).toBe('free');
  });

  it('processes a signed event once, however often it arrives', async () => {
    const user = await createTestUser(app);
    const { session } = await paidCheckout(user);
    const event = stripe.signedEvent('checkout.session.completed', session);
    const first = await deliver(event);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const second = await deliver(event);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    const mine = await overview(app, user);
    expect(mine.plan.id).toBe('professional');
    expect(mine.subscription).toMatchObject({ status: 'active', planId: 'professional' });
  });

  it('trusts the provider’s current state, not the event body, when events arrive out of order', async () => {
    const user = await createTestUser(app);
    const { session, subscription } = await paidCheckout(user);
    // Later on Stripe: renewal is cancelled. That event arrives before the checkout's.
    subscription.cancel_at_period_end = true;
    const early = await deliver(stripe.signedEvent('customer.subscription.updated', subscription));
    expect(early.statusCode).toBe(200);
    expect((await overview(app, user)).plan.id).toBe('free');

    // The (older) completion event carries an unpaid body; the server re-reads the session and subscription.
    await deliver(stripe.signedEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' }));
    const mine = await overview(app, user);
    expect(mine.plan.id).toBe('professional');
    expect(mine.subscription?.cancelAtPeriodEnd).toBe(true);

    // The subscription ends at Stripe: the user is back on Free.
    subscription.status = 'canceled';
    await deliver(stripe.signedEvent('customer.subscription.deleted', { id: subscription.id, object: 'subscription' }));
    expect((await overview(app, user)).plan.id).toBe('free');
  });

  it('verifies the Checkout Session server-side on the success page, before any webhook', async () => {
    const user = await createTestUser(app);
    const started = await startCheckout(app, user, { planId: 'professional', interval: 'month', currency: 'CHF' });
    const { sessionId } = started.json<{ sessionId: string }>();
    expect((await checkoutStatus(app, user, sessionId)).json()).toMatchObject({ paid: false, subscription: null });
    expect((await overview(app, user)).plan.id).toBe('free');

    stripe.completeCheckout(sessionId);
    expect((await checkoutStatus(app, user, sessionId)).json()).toMatchObject({
      status: 'complete',
      paid: true,
      subscription: { planId: 'professional', provider: 'stripe' },
    });
    expect((await overview(app, user)).plan.id).toBe('professional');
  });
});
