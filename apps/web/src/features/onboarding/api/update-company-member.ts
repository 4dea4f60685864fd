import type { CompanyDto, UpdateCompanyMemberInput } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

export const updateCompanyMember = ({ userId, ...input }: UpdateCompanyMemberInput & { userId: string }) =>
  api.patch<CompanyDto>(`/company/members/${encodeURIComponent(userId)}`, input);

/** Makes a member an administrator or an administrator a member (the company keeps one admin). */
export function useUpdateCompanyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyMember,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: onboardingQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}
