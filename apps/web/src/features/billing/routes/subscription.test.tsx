import type { SessionUser } from '@compliance/shared/auth';
import type {
  BillingNotice,
  BillingOverview,
  CheckoutStatus,
  PlanDto,
  SubscriptionDto,
  TestCheckout,
} from '@compliance/shared/billing';
import type { InvoiceDto } from '@compliance/shared/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';

const me: SessionUser = {
  id: '00000000-0000-4000-8000-0000000000b1',
  email: 'lea@example.test',
  firstName: 'Lea',
  lastName: 'Meier',
  companyName: 'Meier Compliance GmbH',
  role: 'user',
  language: 'en',
  emailVerified: true,
};

const prices = (month: number, year: number) => ({
  CHF: { month, year },
  EUR: { month, year },
  USD: { month, year },
});
const plan = (id: string, name: string, month: number, year: number, extra: Partial<PlanDto> = {}): PlanDto => ({
  id,
  name,
  description: `${name} plan`,
  prices: prices(month, year),
  limits: { storageBytes: 1024 ** 3, monthlyTokens: 500_000, seats: 1, marketplaceSelling: false, connections: 1 },
  perSeat: false,
  active: true,
  position: 0,
  customized: false,
  ...extra,
});
const plans = [
  plan('free', 'Free', 0, 0),
  plan('professional', 'Professional', 2900, 29000, {
    limits: {
      storageBytes: 10 * 1024 ** 3,
      monthlyTokens: 5_000_000,
      seats: 1,
      marketplaceSelling: true,
      connections: 10,
    },
  }),
  plan('team', 'Team', 2500, 25000, { perSeat: true }),
];

function overview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    provider: 'test',
    plan: plans[0]!,
    subscription: null,
    canManage: true,
    inCompany: false,
    grant: null,
    usage: {
      tokens: { used: 0, limit: 500_000, period: '2026-11' },
      storage: { used: 0, limit: 1024 ** 3 },
      seats: { used: 1, limit: 1 },
    },
    ...overrides,
  };
}

const testCheckout: TestCheckout = {
  sessionId: 'cs_test_abc',
  status: 'open',
  mode: 'subscription',
  planName: 'Professional',
  interval: 'year',
  currency: 'CHF',
  seats: 1,
  amount: 29000,
  email: me.email,
  requiresAuthentication: false,
  successUrl: '/subscription/success?session_id=cs_test_abc',
  cancelUrl: '/subscription/cancel',
};

const fetchMock = vi.fn<typeof fetch>();
let currentOverview = overview();
let checkoutStatus: CheckoutStatus;
let currentInvoices: InvoiceDto[] = [];
let currentNotice: BillingNotice = { paymentFailed: false, graceUntil: null, graceExpired: false, canManage: true };

const subscription = (overrides: Partial<SubscriptionDto> = {}): SubscriptionDto => ({
  id: '00000000-0000-4000-8000-0000000000c2',
  planId: 'professional',
  interval: 'month',
  currency: 'CHF',
  seats: 1,
  status: 'active',
  provider: 'test',
  forCompany: false,
  currentPeriodStart: '2026-11-01T10:00:00.000Z',
  currentPeriodEnd: '2026-12-01T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  graceUntil: null,
  graceExpired: false,
  ...overrides,
});

const invoice: InvoiceDto = {
  id: '00000000-0000-4000-8000-0000000000d1',
  number: 'INV-2026-000042',
  issuedAt: '2026-11-01T10:00:00.000Z',
  provider: 'test',
  buyerName: 'Lea Meier',
  buyerEmail: 'lea@example.test',
  buyerCountry: 'CH',
  currency: 'CHF',
  lines: [{ description: 'Professional (month)', quantity: 1, unitAmount: 2900, amount: 2900 }],
  net: 2683,
  vatRate: 810,
  vat: 217,
  total: 2900,
  status: 'paid',
  periodStart: '2026-11-01T10:00:00.000Z',
  periodEnd: '2026-12-01T10:00:00.000Z',
  hostedUrl: null,
  providerPdfUrl: null,
  refundedAt: null,
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  currentOverview = overview();
  currentInvoices = [];
  currentNotice = { paymentFailed: false, graceUntil: null, graceExpired: false, canManage: true };
  checkoutStatus = {
    sessionId: 'cs_test_abc',
    status: 'open',
    paid: false,
    planId: 'professional',
    interval: 'year',
    currency: 'CHF',
    seats: 1,
    amount: 29000,
    subscription: null,
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/auth/session') return json(200, { user: me });
    if (url.pathname === '/api/billing/plans') return json(200, { plans });
    if (url.pathname === '/api/billing/overview') return json(200, currentOverview);
    if (url.pathname === '/api/billing/invoices') return json(200, { invoices: currentInvoices });
    if (url.pathname === '/api/billing/notice') return json(200, currentNotice);
    if (url.pathname === `/api/billing/invoices/${invoice.id}/pdf`) {
      return new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    }
    if (url.pathname === '/api/billing/subscription/resume' && method === 'POST') {
      currentOverview = { ...currentOverview, subscription: subscription() };
      return json(200, currentOverview);
    }
    if (url.pathname === '/api/billing/portal' && method === 'POST') {
      return json(200, { url: 'https://billing.stripe.test/p/session/abc' });
    }
    if (url.pathname === '/api/billing/checkout' && method === 'POST') {
      return json(200, { sessionId: 'cs_test_abc', url: '/subscription/test-checkout/cs_test_abc' });
    }
    if (url.pathname === '/api/billing/test-checkout/cs_test_abc') return json(200, testCheckout);
    if (url.pathname === '/api/billing/test-checkout/cs_test_change') {
      return json(200, {
        ...testCheckout,
        sessionId: 'cs_test_change',
        mode: 'change',
        amount: 27_503,
        proration: { fullAmount: 29_000, periodEnd: '2027-03-17T09:00:00.000Z' },
      } satisfies TestCheckout);
    }
    if (url.pathname === '/api/billing/test-checkout/cs_test_abc/pay') {
      const { cardNumber } = JSON.parse(String(init?.body)) as { cardNumber: string };
      if (cardNumber.replace(/\s/g, '') !== '4242424242424242')
        return json(200, { outcome: 'declined', redirectUrl: null });
      checkoutStatus = {
        ...checkoutStatus,
        status: 'complete',
        paid: true,
        subscription: {
          id: '00000000-0000-4000-8000-0000000000c1',
          planId: 'professional',
          interval: 'year',
          currency: 'CHF',
          seats: 1,
          status: 'active',
          provider: 'test',
          forCompany: false,
          currentPeriodStart: '2026-11-24T10:00:00.000Z',
          currentPeriodEnd: '2027-11-24T10:00:00.000Z',
          cancelAtPeriodEnd: false,
          graceUntil: null,
          graceExpired: false,
        },
      };
      return json(200, { outcome: 'succeeded', redirectUrl: '/subscription/success?session_id=cs_test_abc' });
    }
    if (url.pathname === '/api/billing/checkout/cs_test_abc') return json(200, checkoutStatus);
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const posted = (path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input).includes(path) && init?.method === 'POST')
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

describe('/subscription', () => {
  it('shows the plans side by side, marks the current one and switches to yearly prices', async () => {
    const { user } = renderRoute('/subscription', { token: 'token-123' });
    const professional = await screen.findByRole('article', { name: 'Professional' });
    expect(within(professional).getByText('CHF 29')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Free' })).getByText('Current plan')).toBeInTheDocument();
    expect(screen.getByText('Payments run in TEST MODE: no card is charged.')).toBeInTheDocument();
    // Team needs a company first.
    expect(
      within(screen.getByRole('article', { name: 'Team' })).getByRole('link', { name: 'Add your company' }),
    ).toHaveAttribute('href', '/onboarding/company');

    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(within(professional).getByText('CHF 290')).toBeInTheDocument();
    expect(within(professional).getByText('per year')).toBeInTheDocument();
  });

  it('pays through the TEST MODE checkout and shows the plan only once the server verified it', async () => {
    const { user, router } = renderRoute('/subscription', { token: 'token-123' });
    await user.click(await screen.findByRole('radio', { name: 'Yearly' }));
    await user.click(screen.getByRole('button', { name: 'Choose Professional' }));
    expect(posted('/api/billing/checkout')).toEqual([
      { planId: 'professional', interval: 'year', currency: 'CHF', seats: 1 },
    ]);

    const declined = await screen.findByRole('button', { name: 'Use Card declined' });
    expect(screen.getByRole('heading', { name: 'Pay for Professional' })).toBeInTheDocument();
    expect(screen.getAllByText('TEST MODE').length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/subscription/test-checkout/cs_test_abc');

    await user.click(declined);
    await user.click(screen.getByRole('button', { name: /^Pay CHF\s290$/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The card was declined. Nothing was charged.');

    await user.click(screen.getByRole('button', { name: 'Use Payment succeeds' }));
    await user.click(screen.getByRole('button', { name: /^Pay CHF\s290$/ }));
    expect(await screen.findByText('Payment verified: you are now on Professional.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?session_id=cs_test_abc');
  });

  it('shows a plan change’s prorated amount before paying', async () => {
    renderRoute('/subscription/test-checkout/cs_test_change', { token: 'token-123' });
    expect(await screen.findByRole('heading', { name: 'Pay for Professional' })).toBeInTheDocument();
    const summary = screen.getByText('Amount due').closest('dl')!;
    expect(summary).toHaveTextContent(/Professional, Yearly\s*CHF\s290/);
    expect(summary).toHaveTextContent(
      /Credit for the unused time of your current plan, and the new plan until 17 Mar 2027\s*-CHF\s14\.97/,
    );
    expect(summary).toHaveTextContent(/Amount due\s*CHF\s275\.03/);
    expect(screen.getByText(/Your plan changes as soon as this payment is confirmed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay CHF\s275\.03$/ })).toBeInTheDocument();
  });

  it('grants nothing on the success page while the provider has not confirmed the payment', async () => {
    renderRoute('/subscription/success?session_id=cs_test_abc', { token: 'token-123' });
    expect(
      await screen.findByText(
        'We have not received the payment confirmation yet. This page checks again automatically.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Payment verified/)).not.toBeInTheDocument();
  });

  it('tells a cancelled checkout that nothing was charged and offers the way back', async () => {
    renderRoute('/subscription/cancel', { token: 'token-123' });
    expect(await screen.findByText('Nothing was charged')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the plans' })).toHaveAttribute('href', '/subscription');
  });
});

describe('the dashboard’s plan and usage', () => {
  it('shows the plan with its limits and the way to upgrade once a limit is reached', async () => {
    currentOverview = overview({
      usage: {
        tokens: { used: 10, limit: 500_000, period: '2026-11' },
        storage: { used: 1024 ** 3, limit: 1024 ** 3 },
        seats: { used: 1, limit: 1 },
      },
    });
    renderRoute('/dashboard', { token: 'token-123' });
    expect(await screen.findByText('Plan: Free')).toBeInTheDocument();
    const alert = await screen.findByText(/You have reached the storage limit of your Free plan/);
    expect(alert).toBeInTheDocument();
    const upgrade = screen.getByRole('link', { name: 'See plans and upgrade' });
    expect(upgrade).toHaveAttribute('href', '/subscription');
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Storage' })).toHaveAttribute('aria-valuenow', '100'),
    );
  });
});

describe('/subscription: manage the subscription and its invoices', () => {
  it('lists the invoices with their VAT and downloads one as PDF', async () => {
    currentOverview = overview({ plan: plans[1]!, subscription: subscription() });
    currentInvoices = [invoice];
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user } = renderRoute('/subscription', { token: 'token-123' });
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /INV-2026-000042/ });
    expect(within(row).getByText(/CHF\s2\.17 \(8\.1 %\)/)).toBeInTheDocument();
    expect(within(row).getByText(/^CHF\s29$/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'PDF INV-2026-000042' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const request = fetchMock.mock.calls.find(([input]) => String(input).includes(`/invoices/${invoice.id}/pdf`));
    expect(String(request?.[0])).toContain('lang=en');
  });

  it('links Stripe’s own invoice page where Stripe has one', async () => {
    currentOverview = overview({
      provider: 'stripe',
      plan: plans[1]!,
      subscription: subscription({ provider: 'stripe' }),
    });
    currentInvoices = [
      {
        ...invoice,
        provider: 'stripe',
        hostedUrl: 'https://invoice.stripe.test/i/abc',
        providerPdfUrl: 'https://pay.stripe.test/invoice/abc/pdf',
      },
    ];
    renderRoute('/subscription', { token: 'token-123' });
    expect(await screen.findByRole('link', { name: 'Stripe invoice INV-2026-000042' })).toHaveAttribute(
      'href',
      'https://invoice.stripe.test/i/abc',
    );
    expect(screen.getByRole('link', { name: 'Stripe PDF INV-2026-000042' })).toHaveAttribute(
      'href',
      'https://pay.stripe.test/invoice/abc/pdf',
    );
    // The app's own PDF stays available.
    expect(screen.getByRole('button', { name: 'PDF INV-2026-000042' })).toBeInTheDocument();
  });

  it('resumes a subscription cancelled at period end', async () => {
    currentOverview = overview({ plan: plans[1]!, subscription: subscription({ cancelAtPeriodEnd: true }) });
    const { user } = renderRoute('/subscription', { token: 'token-123' });
    expect(await screen.findByText(/Your subscription ends on/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText(/Renews on/)).toBeInTheDocument();
    expect(posted('/api/billing/subscription/resume')).toHaveLength(1);
  });

  it('opens Stripe’s customer portal from “Manage billing”', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    currentOverview = overview({
      provider: 'stripe',
      plan: plans[1]!,
      subscription: subscription({ provider: 'stripe' }),
    });
    const { user } = renderRoute('/subscription', { token: 'token-123' });
    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/session/abc'));
  });

  it('shows the grace period after a failed renewal, and lets the plan be paid again', async () => {
    currentOverview = overview({
      plan: plans[1]!,
      subscription: subscription({ status: 'past_due', graceUntil: '2026-12-08T10:00:00.000Z' }),
    });
    renderRoute('/subscription', { token: 'token-123' });
    expect(
      await screen.findByText(/The last renewal payment failed. Your plan stays active until/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Professional' })).toBeEnabled();
    // A past-due subscription is paid again with a new checkout, not changed in place.
    expect(screen.queryByText(/the difference for the rest of the current period/)).not.toBeInTheDocument();
  });

  it('says that a plan change of a running subscription is prorated', async () => {
    currentOverview = overview({ plan: plans[1]!, subscription: subscription() });
    const { user } = renderRoute('/subscription', { token: 'token-123' });
    await user.click(await screen.findByRole('radio', { name: 'Yearly' }));
    expect(
      (
        await screen.findAllByText(
          'Your subscription changes in place: the difference for the rest of the current period is charged now.',
        )
      ).length,
    ).toBeGreaterThan(0);
  });
});

describe('the app shell’s banner after a failed renewal', () => {
  it('tells until when the plan holds and links to the payment update', async () => {
    currentNotice = {
      paymentFailed: true,
      graceUntil: '2026-12-08T10:00:00.000Z',
      graceExpired: false,
      canManage: true,
    };
    renderRoute('/dashboard', { token: 'token-123' });
    const banner = await screen.findByTestId('billing-banner');
    expect(banner).toHaveTextContent(/Your last subscription payment failed. Your plan stays active until 8 Dec 2026/);
    expect(within(banner).getByRole('link', { name: 'Update payment' })).toHaveAttribute('href', '/subscription');
  });

  it('says when the Free plan’s limits apply, and shows nothing when all is paid', async () => {
    currentNotice = {
      paymentFailed: true,
      graceUntil: '2026-12-08T10:00:00.000Z',
      graceExpired: true,
      canManage: false,
    };
    const { unmount } = renderRoute('/dashboard', { token: 'token-123' });
    const banner = await screen.findByTestId('billing-banner');
    expect(banner).toHaveTextContent(/the Free plan’s limits apply/);
    expect(banner).toHaveTextContent(/ask your company’s administrator/);
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
    unmount();

    currentNotice = { paymentFailed: false, graceUntil: null, graceExpired: false, canManage: true };
    renderRoute('/dashboard', { token: 'token-123' });
    expect(await screen.findByText('Plan: Free')).toBeInTheDocument();
    expect(screen.queryByTestId('billing-banner')).not.toBeInTheDocument();
  });
});
