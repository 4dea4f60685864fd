import type { OnboardingState } from '@compliance/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

export const getOnboarding = () => api.get<OnboardingState>('/onboarding');

export function getOnboardingQueryOptions() {
  return queryOptions({ queryKey: onboardingQueryKeys.state(), queryFn: getOnboarding });
}

/** What the user told about themselves and their company so far (each step can be resumed). */
export function useOnboarding() {
  return useQuery(getOnboardingQueryOptions());
}
