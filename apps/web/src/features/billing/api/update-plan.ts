import type { PlanDto, UpdatePlanInput } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { billingQueryKeys } from './query-keys.ts';

export const updatePlan = ({ id, ...input }: UpdatePlanInput & { id: string }) =>
  api.patch<PlanDto>(`/admin/plans/${encodeURIComponent(id)}`, input);

/** An admin's edit of a plan; every billing view refreshes, since limits apply at once. */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.all }),
    meta: { errorToast: false },
  });
}
