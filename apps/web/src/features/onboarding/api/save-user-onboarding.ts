import type { OnboardingState, UserOnboardingInput } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { changeLanguage } from '@/lib/i18n.ts';
import { sessionQueryKey } from '@/lib/session.ts';
import { onboardingQueryKeys } from './query-keys.ts';

export const saveUserOnboarding = (input: UserOnboardingInput) => api.put<OnboardingState>('/onboarding/user', input);

export function useSaveUserOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserOnboarding,
    onSuccess: async (state) => {
      queryClient.setQueryData(onboardingQueryKeys.state(), state);
      // The name in the menus comes from the session; the chosen language applies at once.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await changeLanguage(state.user.language);
    },
    meta: { errorToast: false },
  });
}
