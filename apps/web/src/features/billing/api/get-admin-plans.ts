import type { PlanDto } from '@compliance/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { billingQueryKeys } from './query-keys.ts';

export const getAdminPlans = () => api.get<{ plans: PlanDto[] }>('/admin/plans');

export function getAdminPlansQueryOptions() {
  return queryOptions({
    queryKey: billingQueryKeys.adminPlans(),
    queryFn: getAdminPlans,
    select: (data) => data.plans,
  });
}

export function useAdminPlans() {
  return useQuery(getAdminPlansQueryOptions());
}
