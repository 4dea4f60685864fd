import { testCards } from '@compliance/shared/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, companyMembers, invoices, testProviderObjects } from '../src/db/schema/index.ts';
import { userActor } from '../src/modules/access/actor.ts';
import { defaultExtractionLimits } from '../src/modules/ingestion/limits.ts';
import { parsePdf } from '../src/modules/ingestion/parsers/pdf.ts';
import { REJECTED_EVENTS_JOURNALLED } from '../src/modules/billing/billing.service.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestSmtpServer } from './helpers/smtp-server.ts';
import { startStripeApiStandIn, type StripeApiStandIn } from './helpers/stripe-api-stand-in.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';

const DAY = 86_400_000;

interface Overview {
  plan: { id: string; limits: { storageBytes: number } };
  subscription: {
    id: string;
    planId: string;
    status: string;
    interval: string;
    cancelAtPeriodEnd: boolean;
    graceUntil: string | null;
    graceExpired: boolean;
  } | null;
  grant: { planId: string; validUntil: string } | null;
  usage: { storage: { used: number; limit: number }; seats: { used: number; limit: number } };
}

interface Invoice {
  id: string;
  number: string;
  currency: string;
  net: number;
  vatRate: number;
  vat: number;
  total: number;
  status: string;
  lines: { description: string; quantity: number; amount: number }[];
  hostedUrl: string | null;
  providerPdfUrl: string | null;
}

function caller(app: TestApp) {
  return async function call<T = Record<string, unknown>>(
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    expected = 200,
  ): Promise<T> {
    const response = await app.inject({
      method,
      url: `/api${url}`,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(expected);
    return response.json<T>();
  };
}

/** A company with the user as its admin (straight into the database: onboarding is another feature's). */
async function createCompany(app: TestApp, owner: TestUser, name: string, country: string) {
  const [company] = await app.db
    .insert(companies)
    .values({ name, size: '2-10', type: 'fiduciary', country })
    .returning();
  await app.db.insert(companyMembers).values({ companyId: company!.id, userId: owner.user.id, role: 'admin' });
  return company!;
}

const pdfText = async (bytes: Buffer) =>
  (await parsePdf(bytes, defaultExtractionLimits)).pages
    .flatMap((page) => page.blocks.map((block) => block.text))
    .join('\n');

describe('billing administration, invoices and failed renewals in TEST MODE', () => {
  let app: TestApp;
  let admin: TestUser;
  let clock = new Date('2026-03-02T09:00:00Z');
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    app = await createTestApp({ billing: { now: () => clock } });
    call = caller(app);
    admin = await createTestUser(app, { role: 'admin' });
  });
  afterAll(() => app.close());

  async function subscribe(user: TestUser, body: Record<string, unknown> = {}) {
    const { sessionId } = await call<{ sessionId: string }>(user, 'POST', '/billing/checkout', {
      planId: 'professional',
      interval: 'month',
      currency: 'CHF',
      ...body,
    });
    const paid = await call<{ outcome: string }>(user, 'POST', `/billing/test-checkout/${sessionId}/pay`, {
      cardNumber: testCards.success,
    });
    expect(paid.outcome).toBe('succeeded');
    return sessionId;
  }
  const overview = (user: TestUser) => call<Overview>(user, 'GET', '/billing/overview');
  const invoicesOf = async (user: TestUser) =>
    (await call<{ invoices: Invoice[] }>(user, 'GET', '/billing/invoices')).invoices;

  it('lists subscriptions and companies to admins only, with plan, status, seats and period end', async () => {
    const user = await createTestUser(app, { firstName: 'Anna', lastName: 'Keller' });
    await subscribe(user);
    await call(user, 'GET', '/admin/billing/subscriptions', undefined, 403);
    await call(null, 'GET', '/admin/billing/subscriptions', undefined, 401);

    const { subscriptions } = await call<{ subscriptions: Record<string, unknown>[] }>(
      admin,
      'GET',
      `/admin/billing/subscriptions?search=${encodeURIComponent(user.user.email)}`,
    );
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      kind: 'subscription',
      holderType: 'user',
      holderName: 'Anna Keller',
      holderEmail: user.user.email,
      planId: 'professional',
      status: 'active',
      seats: 1,
      provider: 'test',
      periodEnd: '2026-04-02T09:00:00.000Z',
    });

    const companyAdmin = await createTestUser(app);
    await createCompany(app, companyAdmin, 'Zürcher Vermögen AG', 'CH');
    const { companies } = await call<{ companies: Record<string, unknown>[] }>(
      admin,
      'GET',
      '/admin/billing/companies',
    );
    expect(companies.find((company) => company.name === 'Zürcher Vermögen AG')).toMatchObject({
      country: 'CH',
      members: 1,
      planId: 'free',
      status: 'free',
    });
    await call(user, 'GET', '/admin/billing/companies', undefined, 403);
  });

  it('shows any user’s usage ledger to admins, filtered by kind, action and dates', async () => {
    const user = await createTestUser(app);
    const actor = userActor({ user: { ...user.user, emailVerified: true }, sessionId: 'ledger' }, '127.0.0.1');
    await app.entitlements.recordTokens(actor, 120, { action: 'chat.answer', reference: 'conversation-1' });
    await app.entitlements.recordTokens(actor, 40, { action: 'course.tutor', reference: 'lesson-1' });
    const all = await call<{ entries: { amount: number; action: string }[] }>(
      admin,
      'GET',
      `/admin/billing/usage-ledger?email=${encodeURIComponent(user.user.email.toUpperCase())}`,
    );
    expect(all.entries.map((entry) => entry.action).sort()).toEqual(['chat.answer', 'course.tutor']);
    const chat = await call<{ entries: { amount: number }[] }>(
      admin,
      'GET',
      `/admin/billing/usage-ledger?email=${encodeURIComponent(user.user.email)}&kind=tokens&action=chat`,
    );
    expect(chat.entries.map((entry) => entry.amount)).toEqual([120]);
    const past = await call<{ entries: unknown[] }>(
      admin,
      'GET',
      `/admin/billing/usage-ledger?email=${encodeURIComponent(user.user.email)}&to=2000-01-01`,
    );
    expect(past.entries).toEqual([]);
    const unknown = await call<{ error: { code: string } }>(
      admin,
      'GET',
      '/admin/billing/usage-ledger?email=nobody@example.test',
      undefined,
      404,
    );
    expect(unknown.error.code).toBe('USER_NOT_FOUND');
    await call(admin, 'GET', '/admin/billing/usage-ledger?email=not-an-address', undefined, 400);
    await call(user, 'GET', `/admin/billing/usage-ledger?email=${encodeURIComponent(user.user.email)}`, undefined, 403);
  });

  it('journals every event: verified ones with what they changed, and bad signatures', async () => {
    const user = await createTestUser(app);
    await subscribe(user);
    const { events } = await call<{ events: { type: string; verification: string; outcome: string }[] }>(
      admin,
      'GET',
      '/admin/billing/events?verification=verified',
    );
    expect(events.find((event) => event.type === 'checkout.session.completed')).toMatchObject({
      verification: 'verified',
      outcome: 'subscription-active',
    });
    expect(events.find((event) => event.type === 'invoice.paid')?.outcome).toMatch(/invoice-(created|known)/);

    const forged = await app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/test',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      payload: JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } }),
    });
    expect(forged.statusCode).toBe(400);
    const rejected = await call<{ events: { eventId: string | null; verification: string; outcome: string }[] }>(
      admin,
      'GET',
      '/admin/billing/events?verification=invalid_signature',
    );
    // Nothing of a forged body is trusted: not even its event id is kept.
    expect(rejected.events[0]).toMatchObject({ eventId: null, verification: 'invalid_signature', outcome: 'rejected' });
    await call(user, 'GET', '/admin/billing/events', undefined, 403);
  });

  it('journals a flood of bad signatures in bounded numbers per sender, counting the rest on one line', async () => {
    const forge = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/billing/webhooks/test',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
        payload: JSON.stringify({ id: 'evt_flood', type: 'invoice.paid', data: { object: {} } }),
      });
    const journalled = async (source: string) =>
      (
        await call<{ events: { source: string; outcome: string; repeatCount: number }[] }>(
          admin,
          'GET',
          '/admin/billing/events?verification=invalid_signature&limit=500',
        )
      ).events.filter((line) => line.source === source);

    const flood = REJECTED_EVENTS_JOURNALLED + 7;
    for (let sent = 0; sent < flood; sent += 1) expect((await forge('203.0.113.7')).statusCode).toBe(400);
    let lines = await journalled('203.0.113.7');
    expect(lines.filter((line) => line.outcome === 'rejected')).toHaveLength(REJECTED_EVENTS_JOURNALLED);
    expect(lines.filter((line) => line.outcome === 'rejected-repeated')).toEqual([
      expect.objectContaining({ repeatCount: 7 }),
    ]);
    // Another sender is journalled on its own.
    await forge('203.0.113.8');
    expect(await journalled('203.0.113.8')).toEqual([expect.objectContaining({ outcome: 'rejected', repeatCount: 1 })]);
    // A new window journals one by one again.
    const before = clock;
    clock = new Date(clock.getTime() + 3_600_001);
    await forge('203.0.113.7');
    lines = await journalled('203.0.113.7');
    expect(lines).toHaveLength(REJECTED_EVENTS_JOURNALLED + 2);
    expect(lines[0]).toMatchObject({ outcome: 'rejected', repeatCount: 1 });
    clock = before;
  });

  it('grants a plan until a date, audited, for admins only; it ends by itself', async () => {
    const user = await createTestUser(app);
    const input = { email: user.user.email, holder: 'user', planId: 'professional', validUntil: '2026-03-10' };
    const refused = await call<{ error: { code: string } }>(user, 'POST', '/admin/billing/grants', input, 403);
    expect(refused.error.code).toBe('FORBIDDEN');
    const past = await call<{ error: { code: string } }>(
      admin,
      'POST',
      '/admin/billing/grants',
      { ...input, validUntil: '2026-01-01' },
      400,
    );
    expect(past.error.code).toBe('VALIDATION_FAILED');
    expect((await overview(user)).plan.id).toBe('free');

    const granted = await call<{ status: string; periodEnd: string }>(admin, 'POST', '/admin/billing/grants', {
      ...input,
      note: 'Pilot customer',
    });
    expect(granted).toMatchObject({ status: 'granted', periodEnd: '2026-03-11T00:00:00.000Z' });
    const mine = await overview(user);
    expect(mine.plan.id).toBe('professional');
    expect(mine.grant).toEqual({ planId: 'professional', validUntil: '2026-03-11T00:00:00.000Z' });

    const audit = await call<{ entries: { actorEmail: string; targetEmail: string; metadata: { note: string } }[] }>(
      admin,
      'GET',
      '/admin/audit-log?action=admin.billing_plan_granted',
    );
    expect(audit.entries[0]).toMatchObject({
      actorEmail: admin.user.email,
      targetEmail: user.user.email,
      metadata: { note: 'Pilot customer' },
    });

    const before = clock;
    clock = new Date('2026-03-12T00:00:00Z');
    expect((await overview(user)).plan.id).toBe('free');
    clock = before;

    // A company grant covers its members.
    const owner = await createTestUser(app);
    await createCompany(app, owner, 'Genève Conseil SA', 'CH');
    await call(admin, 'POST', '/admin/billing/grants', {
      ...input,
      email: owner.user.email,
      holder: 'company',
      planId: 'team',
      seats: 3,
    });
    const teamView = await overview(owner);
    expect(teamView.plan.id).toBe('team');
    expect(teamView.usage.seats.limit).toBe(3);
    const noCompany = await call<{ error: { code: string } }>(
      admin,
      'POST',
      '/admin/billing/grants',
      { ...input, holder: 'company' },
      404,
    );
    expect(noCompany.error.code).toBe('COMPANY_NOT_FOUND');
  });

  it('revokes a grant early with a reason, audited, for admins only: the holder falls back, nothing is deleted', async () => {
    // A company member with the company's paid Team plan, and a personal grant that overrides it.
    const owner = await createTestUser(app);
    await createCompany(app, owner, 'Revocation Treuhand AG', 'CH');
    await subscribe(owner, { planId: 'team', seats: 2 });
    const granted = await call<{ id: string }>(admin, 'POST', '/admin/billing/grants', {
      email: owner.user.email,
      holder: 'user',
      planId: 'professional',
      validUntil: '2026-06-30',
    });
    expect((await overview(owner)).plan.id).toBe('professional');
    // A user without a paid plan falls back to Free.
    const solo = await createTestUser(app);
    const soloGrant = await call<{ id: string }>(admin, 'POST', '/admin/billing/grants', {
      email: solo.user.email,
      holder: 'user',
      planId: 'professional',
      validUntil: '2026-06-30',
    });

    const url = `/admin/billing/grants/${granted.id}/revoke`;
    await call(owner, 'POST', url, { reason: 'Pilot ended' }, 403);
    const blank = await call<{ error: { code: string } }>(admin, 'POST', url, { reason: '   ' }, 400);
    expect(blank.error.code).toBe('VALIDATION_FAILED');
    expect((await overview(owner)).plan.id).toBe('professional');
    await call(admin, 'POST', `/admin/billing/grants/${crypto.randomUUID()}/revoke`, { reason: 'x' }, 404);

    const revoked = await call<{ status: string; periodEnd: string; revoked: { byEmail: string; reason: string } }>(
      admin,
      'POST',
      url,
      { reason: 'Pilot ended' },
    );
    expect(revoked).toMatchObject({
      status: 'revoked',
      periodEnd: clock.toISOString(),
      revoked: { byEmail: admin.user.email, reason: 'Pilot ended' },
    });
    const after = await overview(owner);
    expect(after.plan.id).toBe('team');
    expect(after.grant).toBeNull();
    const again = await call<{ error: { code: string } }>(admin, 'POST', url, { reason: 'Twice' }, 409);
    expect(again.error.code).toBe('CONFLICT');

    await call(admin, 'POST', `/admin/billing/grants/${soloGrant.id}/revoke`, { reason: 'Trial misuse' });
    expect((await overview(solo)).plan.id).toBe('free');

    // Nothing is deleted: the grant stays in the list, marked revoked, and the filter finds it.
    const { subscriptions } = await call<{ subscriptions: { id: string; status: string }[] }>(
      admin,
      'GET',
      `/admin/billing/subscriptions?status=revoked&search=${encodeURIComponent(owner.user.email)}`,
    );
    expect(subscriptions.map((row) => [row.id, row.status])).toEqual([[granted.id, 'revoked']]);
    const audit = await call<{
      entries: { actorEmail: string; targetEmail: string; metadata: Record<string, unknown> }[];
    }>(admin, 'GET', '/admin/audit-log?action=admin.billing_grant_revoked');
    expect(audit.entries.find((entry) => entry.metadata.grantId === granted.id)).toMatchObject({
      actorEmail: admin.user.email,
      targetEmail: owner.user.email,
      metadata: { planId: 'professional', reason: 'Pilot ended' },
    });
  });

  it('issues an invoice per verified payment: Swiss VAT for a Swiss company, none otherwise', async () => {
    const user = await createTestUser(app);
    await subscribe(user);
    const [personal] = await invoicesOf(user);
    expect(personal).toMatchObject({ currency: 'CHF', total: 2900, net: 2900, vat: 0, vatRate: 0, status: 'paid' });
    expect(personal?.number).toMatch(/^INV-2026-\d{6}$/);

    const owner = await createTestUser(app, { firstName: 'Lea', lastName: 'Meier', language: 'de' });
    await createCompany(app, owner, 'Alpen Treuhand AG', 'CH');
    await subscribe(owner, { planId: 'team', seats: 2 });
    const [swiss] = await invoicesOf(owner);
    // 2 seats × CHF 25.00, VAT included: net 46.25 + VAT 8.1 % 3.75 = 50.00.
    expect(swiss).toMatchObject({ currency: 'CHF', total: 5000, net: 4625, vat: 375, vatRate: 810 });
    expect(swiss?.lines).toEqual([{ description: 'Team (month)', quantity: 2, unitAmount: 2500, amount: 5000 }]);

    const pdf = await app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${swiss!.id}/pdf?lang=de`,
      headers: owner.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(swiss!.number);
    expect(text).toContain('Alpen Treuhand AG (Lea Meier)');
    expect(text).toContain('MWST 8.1 %');
    expect(text).toContain(owner.user.email);
    expect(text).toMatch(/Total\s+CHF\s50\.00/);
    expect(text).toContain('Bezahlt');

    // A company outside Switzerland pays no Swiss VAT.
    const german = await createTestUser(app);
    await createCompany(app, german, 'Nordlicht Compliance GmbH', 'DE');
    await subscribe(german, { planId: 'team', seats: 2, currency: 'EUR' });
    expect((await invoicesOf(german))[0]).toMatchObject({
      currency: 'EUR',
      total: 5000,
      net: 5000,
      vat: 0,
      vatRate: 0,
    });

    // Nobody else reads it.
    await call(user, 'GET', `/billing/invoices/${swiss!.id}/pdf`, undefined, 404);
    expect((await invoicesOf(user)).map((invoice) => invoice.id)).not.toContain(swiss!.id);
  });

  it('refunds an invoice through the provider, once, audited, for admins only', async () => {
    const user = await createTestUser(app);
    await subscribe(user);
    const [invoice] = await invoicesOf(user);
    await call(user, 'POST', `/admin/billing/invoices/${invoice!.id}/refund`, undefined, 403);
    const refunded = await call<Invoice>(admin, 'POST', `/admin/billing/invoices/${invoice!.id}/refund`);
    expect(refunded.status).toBe('refunded');
    const again = await call<{ error: { code: string } }>(
      admin,
      'POST',
      `/admin/billing/invoices/${invoice!.id}/refund`,
      undefined,
      409,
    );
    expect(again.error.code).toBe('CONFLICT');
    expect((await invoicesOf(user))[0]?.status).toBe('refunded');
    // TEST MODE refunds the payment in its own records, named by the invoice.
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    const [payment] = await app.db
      .select()
      .from(testProviderObjects)
      .where(eq(testProviderObjects.id, row!.providerPaymentId!));
    expect(payment?.data).toMatchObject({ refunded: true, refundReference: `invoice-${invoice!.id}` });
    const audit = await call<{ entries: { metadata: { invoiceId: string; amount: number } }[] }>(
      admin,
      'GET',
      '/admin/audit-log?action=admin.billing_invoice_refunded',
    );
    expect(audit.entries[0]?.metadata).toMatchObject({ invoiceId: invoice!.id, amount: 2900 });
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${invoice!.id}/pdf?lang=en`,
      headers: user.headers,
    });
    expect(await pdfText(pdf.rawPayload)).toContain('Refunded on');
  });

  it('opens a grace period when a renewal fails, applies Free limits after it and recovers on payment', async () => {
    clock = new Date('2026-03-02T09:00:00Z');
    const user = await createTestUser(app, { language: 'fr' });
    await subscribe(user);
    const stored = await uploadFile(app, user.headers, 'kyc-notes.txt', 'Due diligence. '.repeat(40));
    expect(stored.statusCode, stored.body).toBe(201);
    const professional = (await overview(user)).usage.storage.limit;
    const subscriptionId = (await overview(user)).subscription!.id;

    await call(
      user,
      'POST',
      `/admin/billing/subscriptions/${subscriptionId}/simulate-renewal`,
      { outcome: 'declined' },
      403,
    );
    clock = new Date('2026-04-02T09:00:00Z');
    const failed = await call<{ status: string; graceUntil: string }>(
      admin,
      'POST',
      `/admin/billing/subscriptions/${subscriptionId}/simulate-renewal`,
      { outcome: 'declined' },
    );
    expect(failed).toMatchObject({ status: 'past_due', graceUntil: '2026-04-09T09:00:00.000Z' });
    let mine = await overview(user);
    expect(mine.plan.id).toBe('professional');
    expect(mine.subscription).toMatchObject({ status: 'past_due', graceExpired: false });
    expect(await call(user, 'GET', '/billing/notice')).toEqual({
      paymentFailed: true,
      graceUntil: '2026-04-09T09:00:00.000Z',
      graceExpired: false,
      canManage: true,
    });
    const mail = await app.mail.latestTo(user.user.email, 'payment_failed');
    expect(mail?.language).toBe('fr');
    expect(mail?.textBody).toContain('9 avril 2026');
    expect(mail?.textBody).toContain('/subscription');

    // Like Stripe, the renewal opened the next period although it is unpaid.
    const periodOf = async () =>
      (
        await call<{ subscriptions: { id: string; periodEnd: string }[] }>(
          admin,
          'GET',
          `/admin/billing/subscriptions?search=${encodeURIComponent(user.user.email)}`,
        )
      ).subscriptions.find((row) => row.id === subscriptionId)?.periodEnd;
    expect(await periodOf()).toBe('2026-05-02T09:00:00.000Z');

    // A second failure keeps the first grace period's end.
    clock = new Date('2026-04-05T09:00:00Z');
    await call(admin, 'POST', `/admin/billing/subscriptions/${subscriptionId}/simulate-renewal`, {
      outcome: 'declined',
    });
    expect((await overview(user)).subscription?.graceUntil).toBe('2026-04-09T09:00:00.000Z');

    // After the grace period: the Free plan's limits, nothing deleted.
    clock = new Date('2026-04-09T09:00:01Z');
    mine = await overview(user);
    expect(mine.plan.id).toBe('free');
    expect(mine.usage.storage.limit).toBeLessThan(professional);
    expect(mine.subscription).toMatchObject({ status: 'past_due', graceExpired: true });
    expect((await call<{ graceExpired: boolean }>(user, 'GET', '/billing/notice')).graceExpired).toBe(true);
    const files = await call<{ files: { name: string }[] }>(user, 'GET', '/documents');
    expect(files.files.map((file) => file.name)).toContain('kyc-notes.txt');

    // The payment succeeds: the plan is back, the banner goes, a renewal invoice is issued.
    await call(admin, 'POST', `/admin/billing/subscriptions/${subscriptionId}/simulate-renewal`, {
      outcome: 'succeeded',
    });
    mine = await overview(user);
    expect(mine.plan.id).toBe('professional');
    expect(mine.subscription).toMatchObject({ status: 'active', graceUntil: null, graceExpired: false });
    expect((await call<{ paymentFailed: boolean }>(user, 'GET', '/billing/notice')).paymentFailed).toBe(false);
    expect((await invoicesOf(user)).length).toBe(2);
    // The payment settled the period already open.
    expect(await periodOf()).toBe('2026-05-02T09:00:00.000Z');

    const { events } = await call<{ events: { type: string; outcome: string }[] }>(
      admin,
      'GET',
      '/admin/billing/events?type=invoice.payment_failed',
    );
    expect(events.map((event) => event.outcome)).toContain('subscription-past_due-grace-started');
    clock = new Date('2026-03-02T09:00:00Z');
  });

  it('cancels at period end and resumes; changing plan changes the same subscription, prorated', async () => {
    const user = await createTestUser(app);
    await subscribe(user);
    const cancelled = await call<Overview>(user, 'POST', '/billing/subscription/cancel');
    expect(cancelled.subscription?.cancelAtPeriodEnd).toBe(true);
    const resumed = await call<Overview>(user, 'POST', '/billing/subscription/resume');
    expect(resumed.subscription?.cancelAtPeriodEnd).toBe(false);
    const notCancelled = await call<{ error: { code: string } }>(
      user,
      'POST',
      '/billing/subscription/resume',
      undefined,
      409,
    );
    expect(notCancelled.error.code).toBe('CONFLICT');
    // TEST MODE has no customer portal: the app's own page manages the subscription.
    await call(user, 'POST', '/billing/portal', undefined, 404);

    const first = resumed.subscription!.id;
    await subscribe(user, { interval: 'year' });
    const after = await overview(user);
    expect(after.subscription).toMatchObject({ id: first, planId: 'professional', interval: 'year', status: 'active' });
    const { subscriptions } = await call<{ subscriptions: { id: string; status: string }[] }>(
      admin,
      'GET',
      `/admin/billing/subscriptions?search=${encodeURIComponent(user.user.email)}`,
    );
    expect(subscriptions.filter((row) => row.id === first).map((row) => row.status)).toEqual(['active']);
  });

  it('changes the plan interval in TEST MODE with a prorated charge shown before paying, granted once paid', async () => {
    clock = new Date('2026-03-02T09:00:00Z');
    const user = await createTestUser(app);
    await subscribe(user);
    const before = await overview(user);
    // Half-way through the 31-day March period: 16 days are left.
    clock = new Date('2026-03-17T09:00:00Z');
    const { sessionId, url } = await call<{ sessionId: string; url: string }>(user, 'POST', '/billing/checkout', {
      planId: 'professional',
      interval: 'year',
      currency: 'CHF',
    });
    expect(url).toBe(`/subscription/test-checkout/${sessionId}`);
    const page = await call<{ mode: string; amount: number; proration: { fullAmount: number; periodEnd: string } }>(
      user,
      'GET',
      `/billing/test-checkout/${sessionId}`,
    );
    // A new yearly period from today, less the unused 16/31 of the month paid.
    const credit = Math.round((2900 * 16) / 31);
    expect(page).toMatchObject({
      mode: 'change',
      amount: 29_000 - credit,
      proration: { fullAmount: 29_000, periodEnd: '2027-03-17T09:00:00.000Z' },
    });

    // Nothing changes before the payment, nor with a declined card.
    expect((await overview(user)).subscription?.interval).toBe('month');
    const declined = await call<{ outcome: string }>(user, 'POST', `/billing/test-checkout/${sessionId}/pay`, {
      cardNumber: testCards.declined,
    });
    expect(declined.outcome).toBe('declined');
    expect((await overview(user)).subscription?.interval).toBe('month');
    expect(
      (await call<{ status: string; subscription: unknown }>(user, 'GET', `/billing/checkout/${sessionId}`))
        .subscription,
    ).toBeNull();

    const paid = await call<{ outcome: string; redirectUrl: string }>(
      user,
      'POST',
      `/billing/test-checkout/${sessionId}/pay`,
      { cardNumber: testCards.success },
    );
    expect(paid).toMatchObject({ outcome: 'succeeded', redirectUrl: `/subscription/success?session_id=${sessionId}` });
    const after = await overview(user);
    expect(after.subscription).toMatchObject({ id: before.subscription!.id, interval: 'year', status: 'active' });
    const verified = await call<{ status: string; paid: boolean; amount: number }>(
      user,
      'GET',
      `/billing/checkout/${sessionId}`,
    );
    expect(verified).toMatchObject({ status: 'complete', paid: true, amount: 29_000 - credit });
    const [latest] = await invoicesOf(user);
    expect(latest).toMatchObject({ total: 29_000 - credit });
    expect(latest!.lines.map((line) => line.amount)).toEqual([-credit, 29_000]);
    const { events } = await call<{ events: { type: string; outcome: string }[] }>(
      admin,
      'GET',
      '/admin/billing/events?type=customer.subscription.updated',
    );
    expect(events.map((event) => event.outcome)).toContain('subscription-active-plan-changed');
    // The same plan again is refused; nothing is charged.
    const same = await call<{ error: { code: string } }>(
      user,
      'POST',
      '/billing/checkout',
      { planId: 'professional', interval: 'year', currency: 'CHF' },
      409,
    );
    expect(same.error.code).toBe('CONFLICT');
    clock = new Date('2026-03-02T09:00:00Z');
  });

  it('prorates more seats of a company’s Team plan, and applies fewer seats (a credit) at once', async () => {
    clock = new Date('2026-03-02T09:00:00Z');
    const owner = await createTestUser(app);
    await createCompany(app, owner, 'Seat Change AG', 'CH');
    await subscribe(owner, { planId: 'team', seats: 3 });
    expect((await overview(owner)).usage.seats.limit).toBe(3);
    clock = new Date('2026-03-17T09:00:00Z');
    const { sessionId } = await call<{ sessionId: string }>(owner, 'POST', '/billing/checkout', {
      planId: 'team',
      interval: 'month',
      currency: 'CHF',
      seats: 5,
    });
    const page = await call<{ amount: number }>(owner, 'GET', `/billing/test-checkout/${sessionId}`);
    const share = (amount: number) => Math.round((amount * 16) / 31);
    expect(page.amount).toBe(share(5 * 2500) - share(3 * 2500));
    await call(owner, 'POST', `/billing/test-checkout/${sessionId}/pay`, { cardNumber: testCards.success });
    expect((await overview(owner)).usage.seats.limit).toBe(5);

    // Fewer seats cost nothing now: the credit applies at once, still through the signed events.
    const fewer = await call<{ sessionId: string; url: string }>(owner, 'POST', '/billing/checkout', {
      planId: 'team',
      interval: 'month',
      currency: 'CHF',
      seats: 4,
    });
    expect(fewer.url).toBe(`/subscription/success?session_id=${fewer.sessionId}`);
    expect((await overview(owner)).usage.seats.limit).toBe(4);
    expect((await call<{ status: string }>(owner, 'GET', `/billing/checkout/${fewer.sessionId}`)).status).toBe(
      'complete',
    );
    clock = new Date('2026-03-02T09:00:00Z');
  });
});

describe('the webhook’s per-IP rate limit (RATE_LIMIT_WEBHOOK)', () => {
  it('turns a sender away after its budget, before the signature is checked or anything is journalled', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_WEBHOOK: '3/1m' } });
    try {
      const admin = await createTestUser(app, { role: 'admin' });
      const forge = (remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/api/billing/webhooks/test',
          remoteAddress,
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
          payload: '{}',
        });
      for (let sent = 0; sent < 3; sent += 1) expect((await forge('198.51.100.1')).statusCode).toBe(400);
      const limited = await forge('198.51.100.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await forge('198.51.100.2')).statusCode).toBe(400);
      const events = await app.inject({
        method: 'GET',
        url: '/api/admin/billing/events?verification=invalid_signature',
        headers: admin.headers,
      });
      const sources = events.json<{ events: { source: string }[] }>().events.map((line) => line.source);
      expect(sources.filter((source) => source === '198.51.100.1')).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});

describe('invoices, refunds, failed renewals and the customer portal on Stripe (local stand-in)', () => {
  const secretKey = 'sk_test_local_stand_in';
  const webhookSecret = 'whsec_local_stand_in';
  let stripe: StripeApiStandIn;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let app: TestApp;
  let admin: TestUser;
  let call: ReturnType<typeof caller>;
  let clock = new Date();

  /** Where Stripe would send events after an item change (the journeys post them from here). */
  const itemChanges: { subscription: string; invoice: string | null }[] = [];

  beforeAll(async () => {
    stripe = await startStripeApiStandIn({
      secretKey,
      webhookSecret,
      onItemChanged: ({ subscription, invoice }) =>
        itemChanges.push({ subscription: subscription.id, invoice: invoice?.id ?? null }),
    });
    smtp = await startTestSmtpServer();
    app = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        PUBLIC_URL: 'https://compliance.example.com',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Compliance Assistant <no-reply@example.test>',
      },
      billing: { stripeApi: stripe.api, now: () => clock },
    });
    call = caller(app);
    admin = await createTestUser(app, { role: 'admin' });
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
    await smtp.close();
  });

  const deliver = (event: { payload: string; signature: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });

  async function subscribed(user: TestUser) {
    const { sessionId } = await call<{ sessionId: string }>(user, 'POST', '/billing/checkout', {
      planId: 'professional',
      interval: 'year',
      currency: 'USD',
    });
    const { session, subscription } = stripe.completeCheckout(sessionId);
    expect((await deliver(stripe.signedEvent('checkout.session.completed', session))).statusCode).toBe(200);
    return { session, subscription };
  }

  it('records Stripe’s invoice once, with its hosted page and PDF, and journals duplicates', async () => {
    const user = await createTestUser(app);
    const { subscription } = await subscribed(user);
    const stripeInvoice = stripe.invoices.get(subscription.latest_invoice!)!;
    const event = stripe.signedEvent('invoice.paid', stripeInvoice);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    const { invoices } = await call<{ invoices: Invoice[] }>(user, 'GET', '/billing/invoices');
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      currency: 'USD',
      total: 32_000,
      vat: 0,
      hostedUrl: stripeInvoice.hosted_invoice_url,
      providerPdfUrl: stripeInvoice.invoice_pdf,
    });
    const journal = await call<{ events: { eventId: string; verification: string }[] }>(
      admin,
      'GET',
      '/admin/billing/events?type=invoice.paid',
    );
    expect(
      journal.events
        .filter((line) => line.eventId === event.eventId)
        .map((line) => line.verification)
        .sort(),
    ).toEqual(['duplicate', 'verified']);

    const forged = await deliver(stripe.signedEvent('invoice.paid', stripeInvoice, { secret: 'whsec_wrong' }));
    expect(forged.statusCode).toBe(400);
    const rejected = await call<{ events: unknown[] }>(
      admin,
      'GET',
      '/admin/billing/events?verification=invalid_signature',
    );
    expect(rejected.events.length).toBeGreaterThan(0);
  });

  it('refunds through refunds.create with an idempotency key', async () => {
    const user = await createTestUser(app);
    const { subscription } = await subscribed(user);
    const stripeInvoice = stripe.invoices.get(subscription.latest_invoice!)!;
    const { invoices } = await call<{ invoices: Invoice[] }>(user, 'GET', '/billing/invoices');
    const refunded = await call<Invoice>(admin, 'POST', `/admin/billing/invoices/${invoices[0]!.id}/refund`);
    expect(refunded.status).toBe('refunded');
    const refund = [...stripe.refunds.values()].find((entry) => entry.payment_intent === stripeInvoice.payment_intent);
    expect(refund?.idempotencyKey).toBe(`refund-invoice-${invoices[0]!.id}`);
  });

  it('e-mails the buyer about a refund, in their language, from the admin or from Stripe’s charge.refunded', async () => {
    // Refunded by an admin.
    const anne = await createTestUser(app, { language: 'fr' });
    const first = await subscribed(anne);
    await deliver(stripe.signedEvent('invoice.paid', stripe.invoices.get(first.subscription.latest_invoice!)!));
    const [invoice] = (await call<{ invoices: Invoice[] }>(anne, 'GET', '/billing/invoices')).invoices;
    await call(admin, 'POST', `/admin/billing/invoices/${invoice!.id}/refund`);
    await app.jobs.runDueJobs();
    const received = await smtp.waitForMail(anne.user.email);
    // Quoted-printable soft line breaks aside, the message names the invoice and the page to see it.
    const raw = received.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain(invoice!.number);
    expect(raw).toContain('https://compliance.example.com/subscription');
    const sent = await app.mail.latestTo(anne.user.email, 'payment_refunded');
    expect(sent).toMatchObject({ status: 'sent', language: 'fr' });
    expect(sent?.subject).toBe('Remboursement de 320,00\u00a0$US');
    expect(sent?.textBody).toContain(`La facture ${invoice!.number} est désormais marquée comme remboursée.`);

    // Refunded in Stripe's dashboard: charge.refunded, checked against Stripe's own record first.
    const bruno = await createTestUser(app, { language: 'de' });
    const second = await subscribed(bruno);
    const paid = stripe.invoices.get(second.subscription.latest_invoice!)!;
    await deliver(stripe.signedEvent('invoice.paid', paid));
    const claimed = await deliver(
      stripe.signedEvent('charge.refunded', { ...stripe.charge(paid.payment_intent!), refunded: true }),
    );
    expect(claimed.statusCode).toBe(200);
    expect(await app.mail.latestTo(bruno.user.email, 'payment_refunded')).toBeFalsy();
    const atStripe = stripe.signedEvent('charge.refunded', stripe.refundAtStripe(paid.payment_intent!));
    expect((await deliver(atStripe)).json()).toEqual({ received: true, duplicate: false });
    const [refunded] = (await call<{ invoices: Invoice[] }>(bruno, 'GET', '/billing/invoices')).invoices;
    expect(refunded?.status).toBe('refunded');
    await app.jobs.runDueJobs();
    await smtp.waitForMail(bruno.user.email);
    const german = await app.mail.latestTo(bruno.user.email, 'payment_refunded');
    expect(german?.subject).toBe('Rückerstattung von 320,00\u00a0$');
    expect(german?.textBody).toContain('Ihr Abonnement selbst bleibt unverändert');
    // The same event again, or the admin's refund button afterwards, sends nothing more.
    expect((await deliver(atStripe)).json()).toEqual({ received: true, duplicate: true });
    await call(admin, 'POST', `/admin/billing/invoices/${refunded!.id}/refund`, undefined, 409);
    await app.jobs.runDueJobs();
    expect(smtp.messages.filter((message) => message.to.includes(bruno.user.email))).toHaveLength(1);
  });

  it('enters the grace period on invoice.payment_failed and recovers on invoice.paid', async () => {
    clock = new Date();
    const user = await createTestUser(app, { language: 'de' });
    const { subscription } = await subscribed(user);
    const failedInvoice = stripe.renew(subscription.id, { paid: false, amount: 32_000 });
    await deliver(stripe.signedEvent('invoice.payment_failed', failedInvoice));
    let mine = await call<Overview>(user, 'GET', '/billing/overview');
    expect(mine.subscription).toMatchObject({ status: 'past_due', graceExpired: false });
    expect(mine.plan.id).toBe('professional');
    expect((await app.mail.latestTo(user.user.email, 'payment_failed'))?.subject).toBe(
      'Die Zahlung für Ihr Abonnement ist fehlgeschlagen',
    );

    clock = new Date(Date.now() + 8 * DAY);
    mine = await call<Overview>(user, 'GET', '/billing/overview');
    expect(mine.plan.id).toBe('free');

    const paidInvoice = stripe.renew(subscription.id, { paid: true, amount: 32_000 });
    await deliver(stripe.signedEvent('invoice.paid', paidInvoice));
    mine = await call<Overview>(user, 'GET', '/billing/overview');
    expect(mine.plan.id).toBe('professional');
    expect(mine.subscription).toMatchObject({ status: 'active', graceUntil: null });
    clock = new Date();
  });

  it('changes seats with subscriptions.update (prorated, charged now) and grants them only from the signed webhook', async () => {
    const start = Math.floor(Date.now() / 1000);
    stripe.setClock(() => start);
    const owner = await createTestUser(app);
    await createCompany(app, owner, 'Stripe Seats SA', 'FR');
    const { sessionId } = await call<{ sessionId: string }>(owner, 'POST', '/billing/checkout', {
      planId: 'team',
      interval: 'month',
      currency: 'USD',
      seats: 3,
    });
    const { session, subscription } = stripe.completeCheckout(sessionId);
    await deliver(stripe.signedEvent('checkout.session.completed', session));
    expect((await call<Overview>(owner, 'GET', '/billing/overview')).usage.seats.limit).toBe(3);

    // Half-way through the 30-day period.
    stripe.setClock(() => start + 15 * 86_400);
    const change = await call<{ sessionId: string; url: string }>(owner, 'POST', '/billing/checkout', {
      planId: 'team',
      interval: 'month',
      currency: 'USD',
      seats: 5,
    });
    expect(change.url).toBe(`https://compliance.example.com/subscription/success?session_id=${change.sessionId}`);
    const update = stripe.requests.find(
      (request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscription.id}`,
    );
    expect(update?.idempotencyKey).toMatch(/^change-/);
    expect(Object.fromEntries(update!.params)).toMatchObject({
      'items[0][id]': subscription.items.data[0]!.id,
      'items[0][quantity]': '5',
      'items[0][price_data][unit_amount]': '2800',
      'items[0][price_data][product]': 'compliance_plan_team',
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(stripe.products.get('compliance_plan_team')?.name).toBe('Team');
    const prorated = stripe.invoices.get(stripe.subscriptions.get(subscription.id)!.latest_invoice!)!;
    expect(prorated).toMatchObject({ status: 'paid', amount_paid: 5 * 1400 - 3 * 1400 });
    expect(itemChanges).toEqual([{ subscription: subscription.id, invoice: prorated.id }]);

    // Stripe has the change, but the app grants it only from a verified event that re-reads it.
    expect((await call<Overview>(owner, 'GET', '/billing/overview')).usage.seats.limit).toBe(3);
    expect((await call(owner, 'GET', `/billing/checkout/${change.sessionId}`)).subscription).toBeNull();
    // A stale body (the subscription before the change) is not trusted: the object is re-read.
    const stale = {
      ...subscription,
      items: { ...subscription.items, data: [{ ...subscription.items.data[0]!, quantity: 3 }] },
    };
    expect((await deliver(stripe.signedEvent('customer.subscription.updated', stale))).statusCode).toBe(200);
    expect((await call<Overview>(owner, 'GET', '/billing/overview')).usage.seats.limit).toBe(5);
    expect(await call(owner, 'GET', `/billing/checkout/${change.sessionId}`)).toMatchObject({
      status: 'complete',
      paid: true,
      seats: 5,
      amount: 2800,
    });
    await deliver(stripe.signedEvent('invoice.paid', prorated));
    const { invoices } = await call<{ invoices: Invoice[] }>(owner, 'GET', '/billing/invoices');
    expect(invoices.map((invoice) => invoice.total)).toContain(2800);

    // A declined card: Stripe keeps the change pending, and the app keeps the seats paid for.
    stripe.setCardDeclined(true);
    const pending = await call<{ sessionId: string }>(owner, 'POST', '/billing/checkout', {
      planId: 'team',
      interval: 'month',
      currency: 'USD',
      seats: 8,
    });
    await deliver(stripe.signedEvent('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!));
    expect((await call<Overview>(owner, 'GET', '/billing/overview')).usage.seats.limit).toBe(5);
    expect((await call(owner, 'GET', `/billing/checkout/${pending.sessionId}`)).status).toBe('open');
    // Paid later (a new card): invoice.paid re-reads the subscription and the seats apply.
    stripe.setCardDeclined(false);
    const settled = stripe.payPendingUpdate(subscription.id);
    await deliver(stripe.signedEvent('invoice.paid', settled));
    expect((await call<Overview>(owner, 'GET', '/billing/overview')).usage.seats.limit).toBe(8);
    stripe.setClock(() => Math.floor(Date.now() / 1000));
  });

  it('opens Stripe’s customer portal for the subscription’s customer', async () => {
    const user = await createTestUser(app);
    const { subscription } = await subscribed(user);
    const { url } = await call<{ url: string }>(user, 'POST', '/billing/portal');
    const session = stripe.portalSessions.at(-1)!;
    expect(url).toBe(session.url);
    expect(session.customer).toBe(subscription.customer);
    expect(session.return_url).toBe('https://compliance.example.com/subscription');
    const stranger = await createTestUser(app);
    await call(stranger, 'POST', '/billing/portal', undefined, 404);
  });
});
