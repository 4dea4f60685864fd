import type { CompanyDto } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

/** Null when admins removed themselves (another admin remaining): they have no company any more. */
export const removeCompanyMember = (userId: string) =>
  api.delete<CompanyDto | null>(`/company/members/${encodeURIComponent(userId)}`);

/** Removes a member from the company; their own data stays theirs. */
export function useRemoveCompanyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCompanyMember,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: onboardingQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}
