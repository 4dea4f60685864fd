import type { SessionUser } from '@compliance/shared/auth';
import type { PlanDto } from '@compliance/shared/billing';
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

const professional: PlanDto = {
  id: 'professional',
  name: 'Professional',
  description: 'For one professional',
  prices: { CHF: { month: 2900, year: 29000 }, EUR: { month: 2900, year: 29000 }, USD: { month: 3200, year: 32000 } },
  limits: {
    storageBytes: 10_737_418_240,
    monthlyTokens: 5_000_000,
    seats: 1,
    marketplaceSelling: true,
    connections: 10,
  },
  perSeat: false,
  active: true,
  position: 1,
  customized: false,
};

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    if (url.pathname === '/api/auth/session') return json(200, { user: admin });
    if (url.pathname === '/api/admin/plans') return json(200, { plans: [professional] });
    if (url.pathname === '/api/admin/plans/professional' && init?.method === 'PATCH') {
      return json(200, { ...professional, ...(JSON.parse(String(init.body)) as object), customized: true });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin/plans', () => {
  it('lets an admin change a plan’s price and limits', async () => {
    const { user } = renderRoute('/admin/plans', { token: 'token-123' });
    const price = await screen.findByRole('spinbutton', { name: 'CHF monthly' });
    await user.clear(price);
    await user.type(price, '3400');
    const seats = screen.getByRole('spinbutton', { name: 'Seats' });
    await user.clear(seats);
    await user.type(seats, '2');
    await user.click(screen.getByRole('button', { name: 'Save Professional' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    const body = JSON.parse(String(patch?.[1]?.body)) as PlanDto;
    expect(body.prices.CHF).toEqual({ month: 3400, year: 29000 });
    expect(body.limits).toEqual({ ...professional.limits, seats: 2 });
    expect(await within(screen.getByTestId('toaster')).findByText('Professional saved.')).toBeInTheDocument();
  }, 20_000);
});
