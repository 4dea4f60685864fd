/** Every query key of the account feature, from one factory. */
export const accountQueryKeys = {
  all: ['account'] as const,
  sessions: () => [...accountQueryKeys.all, 'sessions'] as const,
  profile: () => [...accountQueryKeys.all, 'profile'] as const,
  settings: () => [...accountQueryKeys.all, 'settings'] as const,
};
