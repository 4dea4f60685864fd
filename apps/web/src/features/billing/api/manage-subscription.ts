import type { BillingNotice, BillingOverview, BillingPortal } from '@compliance/shared/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { billingQueryKeys } from './query-keys.ts';

export const resumeSubscription = () => api.post<BillingOverview>('/billing/subscription/resume');

/** Takes back a cancellation at period end. */
export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (overview) => queryClient.setQueryData(billingQueryKeys.overview(), overview),
  });
}

export const openBillingPortal = () => api.post<BillingPortal>('/billing/portal');

/** Stripe's customer portal: the browser is sent there. */
export function useBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => window.location.assign(url),
    meta: { errorToast: false },
  });
}

export const getBillingNotice = () => api.get<BillingNotice>('/billing/notice');

/** Whether a renewal payment failed (the app shell's banner). */
export function useBillingNotice() {
  return useQuery({
    queryKey: billingQueryKeys.notice(),
    queryFn: getBillingNotice,
    staleTime: 5 * 60_000,
    // The banner is a hint: a failure to load it shows nothing.
    meta: { errorToast: false },
  });
}
