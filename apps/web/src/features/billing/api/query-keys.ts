/** Every query key of the billing feature, from one factory. */
export const billingQueryKeys = {
  all: ['billing'] as const,
  plans: () => [...billingQueryKeys.all, 'plans'] as const,
  overview: () => [...billingQueryKeys.all, 'overview'] as const,
  checkout: (sessionId: string) => [...billingQueryKeys.all, 'checkout', sessionId] as const,
  testCheckout: (sessionId: string) => [...billingQueryKeys.all, 'test-checkout', sessionId] as const,
  adminPlans: () => [...billingQueryKeys.all, 'admin-plans'] as const,
  invoices: () => [...billingQueryKeys.all, 'invoices'] as const,
  notice: () => [...billingQueryKeys.all, 'notice'] as const,
  admin: () => [...billingQueryKeys.all, 'admin'] as const,
  adminSubscriptions: (filter: { search?: string; status?: string }) =>
    [...billingQueryKeys.admin(), 'subscriptions', filter] as const,
  adminCompanies: () => [...billingQueryKeys.admin(), 'companies'] as const,
  adminUsage: (filter: Record<string, string | undefined>) => [...billingQueryKeys.admin(), 'usage', filter] as const,
  adminEvents: (filter: { verification?: string; type?: string }) =>
    [...billingQueryKeys.admin(), 'events', filter] as const,
  adminInvoices: () => [...billingQueryKeys.admin(), 'invoices'] as const,
};
