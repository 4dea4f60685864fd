import type { TestCheckout } from '@compliance/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { billingQueryKeys } from './query-keys.ts';

export const getTestCheckout = (sessionId: string) =>
  api.get<TestCheckout>(`/billing/test-checkout/${encodeURIComponent(sessionId)}`);

export function getTestCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: billingQueryKeys.testCheckout(sessionId),
    queryFn: () => getTestCheckout(sessionId),
    meta: { errorToast: false },
  });
}

export function useTestCheckout(sessionId: string) {
  return useQuery(getTestCheckoutQueryOptions(sessionId));
}
