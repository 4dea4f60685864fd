import type { CompanyDto, CompanyOnboardingInput } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

export const saveCompanyOnboarding = (input: CompanyOnboardingInput) =>
  api.put<CompanyDto>('/onboarding/company', input);

export function useSaveCompanyOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanyOnboarding,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: onboardingQueryKeys.all });
      // The company decides who manages billing and which plans can be bought.
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
    meta: { errorToast: false },
  });
}
