import type { AuditListQuery, AdminOverview } from '@compliance/shared/admin';
import type { AuditEntry } from '@compliance/shared/account';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { downloadFromApi } from '@/lib/download.ts';
import { adminQueryKeys, type AuditLogQuery } from './query-keys.ts';

export function useAdminOverview() {
  return useQuery({
    queryKey: adminQueryKeys.overview(),
    queryFn: () => api.get<AdminOverview>('/admin/overview'),
    // Figures move while the admin looks: refreshed each minute.
    refetchInterval: 60_000,
  });
}

/** Only the filters that are set, as the API's query string. */
function filterParams(query: Partial<AuditLogQuery>): Partial<AuditListQuery> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined));
}

export function useAuditLog(query: AuditLogQuery) {
  return useQuery({
    queryKey: adminQueryKeys.auditLog(query),
    queryFn: () =>
      api.get<{ entries: AuditEntry[]; total: number }>('/admin/audit-log', { params: filterParams(query) }),
    placeholderData: keepPreviousData,
  });
}

/** The filtered log as a CSV file, saved in the browser. */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: (query: Omit<AuditLogQuery, 'page' | 'pageSize'>) =>
      downloadFromApi(
        '/admin/audit-log.csv',
        `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
        filterParams(query),
      ),
  });
}
