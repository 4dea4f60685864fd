import type { PlanDto } from '@compliance/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { billingQueryKeys } from './query-keys.ts';

export const getPlans = () => api.get<{ plans: PlanDto[] }>('/billing/plans');

export function getPlansQueryOptions() {
  return queryOptions({ queryKey: billingQueryKeys.plans(), queryFn: getPlans, select: (data) => data.plans });
}

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
