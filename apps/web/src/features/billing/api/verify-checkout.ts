import type { CheckoutStatus } from '@compliance/shared/billing';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client.ts';
import { billingQueryKeys } from './query-keys.ts';

/** How often and how many times the success page asks again while the provider has not confirmed. */
export const VERIFY_INTERVAL_MS = 2_000;
export const VERIFY_ATTEMPTS = 15;

export const verifyCheckout = (sessionId: string) =>
  api.get<CheckoutStatus>(`/billing/checkout/${encodeURIComponent(sessionId)}`);

export function verifyCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: billingQueryKeys.checkout(sessionId),
    queryFn: () => verifyCheckout(sessionId),
    // Ask again until the provider confirms the payment (or the checkout expires), a bounded number of times.
    refetchInterval: (query) => {
      const data = query.state.data;
      const waiting = data && !data.subscription && data.status !== 'expired';
      return waiting && query.state.dataUpdateCount < VERIFY_ATTEMPTS ? VERIFY_INTERVAL_MS : false;
    },
    meta: { errorToast: false },
  });
}

/**
 * The server's verification of a checkout with the payment provider. Once paid, everything cached is
 * refreshed: the new plan changes limits all over the app (the company's seats, storage, selling).
 */
export function useVerifiedCheckout(sessionId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...verifyCheckoutQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
  const granted = Boolean(query.data?.subscription);
  useEffect(() => {
    if (granted) void queryClient.invalidateQueries();
  }, [granted, queryClient]);
  // Each answer re-renders, so the count read here is current.
  const attempts = queryClient.getQueryState(billingQueryKeys.checkout(sessionId ?? ''))?.dataUpdateCount ?? 0;
  return { ...query, attempts };
}
