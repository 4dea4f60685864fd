/** Every query key of the billing feature, from one factory. */
export const billingQueryKeys = {
  all: ['billing'] as const,
  plans: () => [...billingQueryKeys.all, 'plans'] as const,
  overview: () => [...billingQueryKeys.all, 'overview'] as const,
  checkout: (sessionId: string) => [...billingQueryKeys.all, 'checkout', sessionId] as const,
  testCheckout: (sessionId: string) => [...billingQueryKeys.all, 'test-checkout', sessionId] as const,
  adminPlans: () => [...billingQueryKeys.all, 'admin-plans'] as const,
};
