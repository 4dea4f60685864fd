import type { ConnectionList, ConnectionScope } from '@compliance/shared/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { integrationQueryKeys } from '@/components/integrations/query-keys.ts';

export function getConnections(scope: ConnectionScope): Promise<ConnectionList> {
  return api.get('/integrations', { params: { scope } });
}

export function getConnectionsQueryOptions(scope: ConnectionScope) {
  return queryOptions({ queryKey: integrationQueryKeys.list(scope), queryFn: () => getConnections(scope) });
}

/**
 * The user's own connections, (admins, 'organisation') the organisation's, or their company's (with
 * whose they are and whether the user manages them; no `company` when the user is in none).
 */
export function useConnections(scope: ConnectionScope) {
  return useQuery(getConnectionsQueryOptions(scope));
}
