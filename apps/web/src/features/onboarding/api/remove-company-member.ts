import type { CompanyDto } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

export const removeCompanyMember = (userId: string) =>
  api.delete<CompanyDto>(`/company/members/${encodeURIComponent(userId)}`);

export function useRemoveCompanyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCompanyMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingQueryKeys.all }),
  });
}
