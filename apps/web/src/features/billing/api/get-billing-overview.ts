import type { BillingOverview } from '@compliance/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { billingQueryKeys } from './query-keys.ts';

export const getBillingOverview = () => api.get<BillingOverview>('/billing/overview');

export function getBillingOverviewQueryOptions() {
  return queryOptions({ queryKey: billingQueryKeys.overview(), queryFn: getBillingOverview });
}

/** The caller's plan, subscription, limits and usage. */
export function useBillingOverview() {
  return useQuery(getBillingOverviewQueryOptions());
}
