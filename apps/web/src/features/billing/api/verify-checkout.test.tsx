import type { CheckoutStatus } from '@compliance/shared/billing';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { billingQueryKeys } from './query-keys.ts';
import { useVerifiedCheckout } from './verify-checkout.ts';

const pending: CheckoutStatus = {
  sessionId: 'cs_test_abc',
  status: 'open',
  paid: false,
  planId: 'team',
  interval: 'year',
  currency: 'CHF',
  seats: 3,
  amount: 75000,
  subscription: null,
};
const paid: CheckoutStatus = {
  ...pending,
  status: 'complete',
  paid: true,
  subscription: {
    id: '00000000-0000-4000-8000-0000000000c1',
    planId: 'team',
    interval: 'year',
    currency: 'CHF',
    seats: 3,
    status: 'active',
    provider: 'test',
    forCompany: true,
    currentPeriodStart: '2026-11-24T10:00:00.000Z',
    currentPeriodEnd: '2027-11-24T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    graceUntil: null,
    graceExpired: false,
  },
};

let answer: CheckoutStatus;
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The app's own client (data stays fresh for a while) with what other pages cached before the payment. */
function setup() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['onboarding', 'state'], { company: { seats: { used: 1, limit: 1 } } });
  queryClient.setQueryData(billingQueryKeys.overview(), { plan: { id: 'free' } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

it('refreshes everything cached once the payment is verified: the plan changes limits on other pages too', async () => {
  answer = paid;
  const { queryClient, wrapper } = setup();
  const { result } = renderHook(() => useVerifiedCheckout('cs_test_abc'), { wrapper });
  await waitFor(() => expect(result.current.data?.subscription?.planId).toBe('team'));
  await waitFor(() => expect(queryClient.getQueryState(['onboarding', 'state'])?.isInvalidated).toBe(true));
  expect(queryClient.getQueryState(billingQueryKeys.overview())?.isInvalidated).toBe(true);
});

it('leaves the cache alone while the provider has not confirmed the payment', async () => {
  answer = pending;
  const { queryClient, wrapper } = setup();
  const { result } = renderHook(() => useVerifiedCheckout('cs_test_abc'), { wrapper });
  await waitFor(() => expect(result.current.data?.status).toBe('open'));
  expect(queryClient.getQueryState(['onboarding', 'state'])?.isInvalidated).toBe(false);
  expect(queryClient.getQueryState(billingQueryKeys.overview())?.isInvalidated).toBe(false);
});
