import type { AddCompanyMemberInput, CompanyDto } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

export const addCompanyMember = (input: AddCompanyMemberInput) => api.post<CompanyDto>('/company/members', input);

export function useAddCompanyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCompanyMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingQueryKeys.all }),
    meta: { errorToast: false },
  });
}
