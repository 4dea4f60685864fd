import type { BillingOverview } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { billingQueryKeys } from './query-keys.ts';

export const cancelSubscription = () => api.post<BillingOverview>('/billing/subscription/cancel');

/** Cancels at the end of the paid period. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (overview) => queryClient.setQueryData(billingQueryKeys.overview(), overview),
  });
}
