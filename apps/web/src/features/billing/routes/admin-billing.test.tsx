import type { SessionUser } from '@compliance/shared/auth';
import type { AdminCompany, AdminSubscription, PaymentEventDto, PlanDto, UsageEntry } from '@compliance/shared/billing';
import type { InvoiceDto } from '@compliance/shared/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/test-utils.tsx';

const admin: SessionUser = {
  id: '00000000-0000-4000-8000-0000000000f1',
  email: 'admin@example.test',
  firstName: 'Anna',
  lastName: 'Keller',
  companyName: 'Keller AG',
  role: 'admin',
  language: 'en',
  emailVerified: true,
};

const plan = (id: string, name: string, perSeat = false): PlanDto => ({
  id,
  name,
  description: name,
  prices: { CHF: { month: 2900, year: 29000 }, EUR: { month: 2900, year: 29000 }, USD: { month: 3200, year: 32000 } },
  limits: {
    storageBytes: 1024 ** 3,
    monthlyTokens: 5_000_000,
    seats: perSeat ? 50 : 1,
    marketplaceSelling: true,
    connections: 10,
  },
  perSeat,
  active: true,
  position: 0,
  customized: false,
});

const subscriptionRow: AdminSubscription = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'subscription',
  holderType: 'user',
  holderId: '00000000-0000-4000-8000-0000000000b1',
  holderName: 'Lea Meier',
  holderEmail: 'lea@example.test',
  planId: 'professional',
  status: 'past_due',
  provider: 'test',
  seats: 1,
  interval: 'month',
  currency: 'CHF',
  periodEnd: '2026-12-01T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  graceUntil: '2026-12-08T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const grantRow: AdminSubscription = {
  ...subscriptionRow,
  id: '00000000-0000-4000-8000-0000000000a2',
  kind: 'grant',
  holderName: 'Marco Rossi',
  holderEmail: 'marco@example.test',
  status: 'granted',
  provider: null,
  interval: null,
  currency: null,
  periodEnd: '2027-03-01T00:00:00.000Z',
  graceUntil: null,
};
const company: AdminCompany = {
  id: '00000000-0000-4000-8000-0000000000e1',
  name: 'Alpen Treuhand AG',
  country: 'CH',
  members: 2,
  planId: 'team',
  seats: 3,
  status: 'granted',
  periodEnd: '2027-01-01T00:00:00.000Z',
};
const events: PaymentEventDto[] = [
  {
    id: '00000000-0000-4000-8000-000000000101',
    provider: 'test',
    eventId: 'evt_test_1',
    type: 'invoice.payment_failed',
    objectId: 'in_test_1',
    verification: 'verified',
    outcome: 'subscription-past_due-grace-started',
    receivedAt: '2026-11-27T10:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-000000000102',
    provider: 'test',
    eventId: null,
    type: null,
    objectId: null,
    verification: 'invalid_signature',
    outcome: 'rejected',
    source: '203.0.113.7',
    repeatCount: 1,
    receivedAt: '2026-11-27T09:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-000000000103',
    provider: 'test',
    eventId: null,
    type: null,
    objectId: null,
    verification: 'invalid_signature',
    outcome: 'rejected-repeated',
    source: '203.0.113.7',
    repeatCount: 7,
    receivedAt: '2026-11-27T09:30:00.000Z',
  },
];
const invoice: InvoiceDto = {
  id: '00000000-0000-4000-8000-0000000000d1',
  number: 'INV-2026-000042',
  issuedAt: '2026-11-01T10:00:00.000Z',
  provider: 'test',
  buyerName: 'Lea Meier',
  buyerEmail: 'lea@example.test',
  buyerCountry: null,
  currency: 'CHF',
  lines: [{ description: 'Professional (month)', quantity: 1, unitAmount: 2900, amount: 2900 }],
  net: 2900,
  vatRate: 0,
  vat: 0,
  total: 2900,
  status: 'paid',
  periodStart: null,
  periodEnd: null,
  hostedUrl: null,
  providerPdfUrl: null,
  refundedAt: null,
};
const ledger: UsageEntry[] = [
  {
    id: '00000000-0000-4000-8000-000000000201',
    kind: 'tokens',
    amount: 1200,
    action: 'chat.answer',
    reference: 'conversation-1',
    createdAt: '2026-11-27T10:00:00.000Z',
  },
];

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/auth/session') return json(200, { user: admin });
    if (url.pathname === '/api/admin/plans') {
      return json(200, {
        plans: [plan('free', 'Free'), plan('professional', 'Professional'), plan('team', 'Team', true)],
      });
    }
    if (url.pathname === '/api/admin/billing/subscriptions') {
      return json(200, { subscriptions: [subscriptionRow, grantRow] });
    }
    if (url.pathname === `/api/admin/billing/grants/${grantRow.id}/revoke` && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { reason: string };
      return json(200, {
        ...grantRow,
        status: 'revoked',
        periodEnd: '2026-11-27T11:00:00.000Z',
        revoked: { at: '2026-11-27T11:00:00.000Z', byEmail: admin.email, reason: body.reason },
      });
    }
    if (url.pathname === '/api/admin/billing/companies') return json(200, { companies: [company] });
    if (url.pathname === '/api/admin/billing/grants' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { validUntil: string };
      if (body.validUntil < '2026-01-01') {
        return json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'past',
            fields: { validUntil: 'billing:adminBilling.grant.untilPast' },
          },
        });
      }
      return json(200, { ...subscriptionRow, kind: 'grant', status: 'granted' });
    }
    if (url.pathname === `/api/admin/billing/subscriptions/${subscriptionRow.id}/simulate-renewal`) {
      return json(200, { ...subscriptionRow, status: 'active', graceUntil: null });
    }
    if (url.pathname === '/api/admin/billing/events') {
      const verification = url.searchParams.get('verification');
      return json(200, { events: events.filter((event) => !verification || event.verification === verification) });
    }
    if (url.pathname === '/api/admin/billing/invoices') return json(200, { invoices: [invoice] });
    if (url.pathname === `/api/admin/billing/invoices/${invoice.id}/refund` && method === 'POST') {
      return json(200, { ...invoice, status: 'refunded', refundedAt: '2026-11-27T11:00:00.000Z' });
    }
    if (url.pathname === '/api/admin/billing/usage-ledger') {
      if (url.searchParams.get('email') !== 'lea@example.test') {
        return json(404, { error: { code: 'USER_NOT_FOUND', message: 'No user' } });
      }
      return json(200, { entries: ledger });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const requests = (path: string, method = 'POST') =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input).includes(path) && (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({
      url: String(input),
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : null,
    }));

describe('/admin/billing', () => {
  it('lists who holds which plan and every company, linked from the admin sidebar', async () => {
    renderRoute('/admin/billing', { token: 'token-123' });
    const row = await screen.findByRole('row', { name: /Lea Meier/ });
    expect(within(row).getByText('Professional')).toBeInTheDocument();
    expect(within(row).getByText('Payment failed')).toBeInTheDocument();
    expect(within(row).getByText('Grace period until 8 Dec 2026')).toBeInTheDocument();
    const companyRow = screen.getByRole('row', { name: /Alpen Treuhand AG/ });
    expect(within(companyRow).getByText('2 of 3')).toBeInTheDocument();
    expect(within(companyRow).getByText('Granted')).toBeInTheDocument();
    const sidebar = screen.getAllByRole('navigation', { name: 'Admin navigation' })[0]!;
    expect(within(sidebar).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/admin/billing');
  }, 20_000);

  it('grants a plan, showing the server’s refusal of a past date at the field', async () => {
    const { user } = renderRoute('/admin/billing', { token: 'token-123' });
    await user.type(await screen.findByRole('textbox', { name: 'User’s e-mail address' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Grant plan' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(requests('/api/admin/billing/grants')).toEqual([]);

    const email = screen.getByRole('textbox', { name: 'User’s e-mail address' });
    await user.clear(email);
    await user.type(email, 'lea@example.test');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'team');
    const seats = screen.getByRole('spinbutton', { name: 'Seats' });
    await user.clear(seats);
    await user.type(seats, '3');
    const until = screen.getByLabelText('Valid until');
    await user.type(until, '2025-12-31');
    await user.click(screen.getByRole('button', { name: 'Grant plan' }));
    expect(await screen.findByText('The date must be today or later.')).toBeInTheDocument();

    await user.clear(until);
    await user.type(until, '2027-01-31');
    await user.type(screen.getByRole('textbox', { name: 'Note (for the audit log)' }), 'Pilot');
    await user.click(screen.getByRole('button', { name: 'Grant plan' }));
    expect(
      await within(screen.getByTestId('toaster')).findByText('Plan granted to lea@example.test.'),
    ).toBeInTheDocument();
    expect(requests('/api/admin/billing/grants').at(-1)?.body).toEqual({
      email: 'lea@example.test',
      holder: 'user',
      planId: 'team',
      seats: 3,
      validUntil: '2027-01-31',
      note: 'Pilot',
    });
  }, 20_000);

  it('ends a grant early only after a confirmation with a reason', async () => {
    const { user } = renderRoute('/admin/billing', { token: 'token-123' });
    const row = await screen.findByRole('row', { name: /Marco Rossi/ });
    // A paid subscription has no such button.
    expect(screen.queryByRole('button', { name: 'End grant early (Lea Meier)' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'End grant early (Marco Rossi)' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the grant of Marco Rossi now?' });
    expect(dialog).toHaveTextContent('The Professional plan granted until 1 Mar 2027 ends at once.');
    await user.click(within(dialog).getByRole('button', { name: 'End grant now' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(requests('/revoke')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Pilot ended early');
    await user.click(within(dialog).getByRole('button', { name: 'End grant now' }));
    expect(
      await within(screen.getByTestId('toaster')).findByText('The grant of Marco Rossi has ended.'),
    ).toBeInTheDocument();
    expect(requests('/revoke')).toEqual([
      {
        url: expect.stringContaining(`/api/admin/billing/grants/${grantRow.id}/revoke`),
        body: { reason: 'Pilot ended early' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);

  it('runs a TEST MODE renewal by hand', async () => {
    const { user } = renderRoute('/admin/billing', { token: 'token-123' });
    await user.click(await screen.findByRole('button', { name: 'Renew paid (Lea Meier)' }));
    expect(await within(screen.getByTestId('toaster')).findByText('Renewal paid.')).toBeInTheDocument();
    expect(requests('/simulate-renewal')[0]?.body).toEqual({ outcome: 'succeeded' });
  });
});

describe('/admin/billing/events', () => {
  it('shows every event with its verification and outcome, filterable', async () => {
    const { user } = renderRoute('/admin/billing/events', { token: 'token-123' });
    const verified = await screen.findByRole('row', { name: /invoice\.payment_failed/ });
    expect(within(verified).getByText('Verified')).toBeInTheDocument();
    expect(within(verified).getByText('subscription-past_due-grace-started')).toBeInTheDocument();
    expect(screen.getAllByRole('row', { name: /Invalid signature/ })).toHaveLength(2);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Verification' }), 'invalid_signature');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.queryByText('invoice.payment_failed')).not.toBeInTheDocument());
    expect(screen.getByText('rejected')).toBeInTheDocument();
    // A flood of bad signatures: one summary line counts the requests beyond those journalled.
    const summary = screen.getByRole('row', { name: /rejected-repeated/ });
    expect(
      within(summary).getByText('7 more requests with a bad signature from this sender in this hour'),
    ).toBeInTheDocument();
    expect(within(summary).getByText('From 203.0.113.7')).toBeInTheDocument();
  });
});

describe('/admin/billing/invoices', () => {
  it('refunds an invoice after confirmation', async () => {
    const { user } = renderRoute('/admin/billing/invoices', { token: 'token-123' });
    await user.click(await screen.findByRole('button', { name: 'Refund INV-2026-000042' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/CHF\s29 goes back to lea@example.test/);
    await user.click(within(dialog).getByRole('button', { name: 'Refund in full' }));
    expect(
      await within(screen.getByTestId('toaster')).findByText('Invoice INV-2026-000042 refunded.'),
    ).toBeInTheDocument();
    expect(requests('/refund')).toHaveLength(1);
  });
});

describe('/admin/billing/usage', () => {
  it('shows a user’s ledger once an address is given, and a clear error for an unknown one', async () => {
    const { user } = renderRoute('/admin/billing/usage', { token: 'token-123' });
    expect(await screen.findByText('Enter a user’s e-mail address to see their usage ledger.')).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'User’s e-mail address' });
    await user.type(email, 'nobody@example.test');
    await user.click(screen.getByRole('button', { name: 'Show ledger' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'lea@example.test');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'tokens');
    await user.click(screen.getByRole('button', { name: 'Show ledger' }));
    const row = await screen.findByRole('row', { name: /chat\.answer/ });
    expect(within(row).getByText('1,200')).toBeInTheDocument();
    expect(requests('/api/admin/billing/usage-ledger', 'GET').at(-1)?.url).toContain('kind=tokens');
  }, 20_000);
});
