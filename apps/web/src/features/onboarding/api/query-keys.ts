/** Every query key of the onboarding feature, from one factory. */
export const onboardingQueryKeys = {
  all: ['onboarding'] as const,
  state: () => [...onboardingQueryKeys.all, 'state'] as const,
  invitation: (token: string) => [...onboardingQueryKeys.all, 'invitation', token] as const,
};
