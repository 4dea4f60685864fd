import type {
  AdminCompany,
  AdminSubscription,
  GrantPlanInput,
  PaymentEventDto,
  UsageEntry,
} from '@compliance/shared/billing';
import type { InvoiceDto } from '@compliance/shared/invoices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { billingQueryKeys } from './query-keys.ts';

export interface AdminSubscriptionFilter {
  search?: string;
  status?: string;
}

export function useAdminSubscriptions(filter: AdminSubscriptionFilter) {
  return useQuery({
    queryKey: billingQueryKeys.adminSubscriptions(filter),
    queryFn: () =>
      api.get<{ subscriptions: AdminSubscription[] }>('/admin/billing/subscriptions', {
        params: { search: filter.search || undefined, status: filter.status || undefined },
      }),
    select: (data) => data.subscriptions,
    placeholderData: keepPreviousData,
  });
}

export function useAdminCompanies() {
  return useQuery({
    queryKey: billingQueryKeys.adminCompanies(),
    queryFn: () => api.get<{ companies: AdminCompany[] }>('/admin/billing/companies'),
    select: (data) => data.companies,
  });
}

export interface AdminUsageFilter {
  email: string;
  kind?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** A user's usage ledger; asked only once an e-mail address is given. */
export function useAdminUsage(filter: AdminUsageFilter | null) {
  return useQuery({
    queryKey: billingQueryKeys.adminUsage({ ...filter }),
    queryFn: () =>
      api.get<{ entries: UsageEntry[] }>('/admin/billing/usage-ledger', {
        params: {
          email: filter!.email,
          kind: filter!.kind || undefined,
          action: filter!.action || undefined,
          from: filter!.from || undefined,
          to: filter!.to || undefined,
        },
      }),
    select: (data) => data.entries,
    enabled: filter !== null,
    meta: { errorToast: false },
  });
}

export function usePaymentEvents(filter: { verification?: string; type?: string }) {
  return useQuery({
    queryKey: billingQueryKeys.adminEvents(filter),
    queryFn: () =>
      api.get<{ events: PaymentEventDto[] }>('/admin/billing/events', {
        params: { verification: filter.verification || undefined, type: filter.type || undefined },
      }),
    select: (data) => data.events,
    placeholderData: keepPreviousData,
  });
}

export function useAdminInvoices() {
  return useQuery({
    queryKey: billingQueryKeys.adminInvoices(),
    queryFn: () => api.get<{ invoices: InvoiceDto[] }>('/admin/billing/invoices'),
    select: (data) => data.invoices,
  });
}

export function useGrantPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GrantPlanInput) => api.post<AdminSubscription>('/admin/billing/grants', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.admin() }),
    meta: { errorToast: false },
  });
}

export function useRevokeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<AdminSubscription>(`/admin/billing/grants/${encodeURIComponent(id)}/revoke`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.admin() }),
    meta: { errorToast: false },
  });
}

export function useRefundInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<InvoiceDto>(`/admin/billing/invoices/${encodeURIComponent(id)}/refund`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.admin() }),
    meta: { errorToast: false },
  });
}

export function useSimulateRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: 'succeeded' | 'declined' }) =>
      api.post<AdminSubscription>(`/admin/billing/subscriptions/${encodeURIComponent(id)}/simulate-renewal`, {
        outcome,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.all }),
    meta: { errorToast: false },
  });
}
