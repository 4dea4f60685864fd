import type { SyncRun, SyncRunList } from '@compliance/shared/integrations';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '@/lib/api-client.ts';
import { connectionPath, integrationQueryKeys } from '@/components/integrations/query-keys.ts';

/** How often the history is asked again while a sync is queued or running. */
export const SYNC_POLL_INTERVAL_MS = 2_000;

export function isRunActive(run: Pick<SyncRun, 'status'>): boolean {
  return run.status === 'queued' || run.status === 'running';
}

export function getSyncRuns(id: string): Promise<SyncRunList> {
  return api.get(`${connectionPath(id)}/runs`);
}

export function getSyncRunsQueryOptions(id: string) {
  return queryOptions({
    queryKey: integrationQueryKeys.runs(id),
    queryFn: () => getSyncRuns(id),
    // Polled only while a run is under way.
    refetchInterval: (query) => (query.state.data?.runs.some(isRunActive) ? SYNC_POLL_INTERVAL_MS : false),
  });
}

/**
 * The latest syncs of a storage or wiki connection, newest first. When a run under way finishes, the
 * connection list is fetched again (its status, last sync and folder changed).
 */
export function useSyncRuns(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...getSyncRunsQueryOptions(id), enabled });
  const active = query.data?.runs.some(isRunActive) ?? false;
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey: integrationQueryKeys.lists() });
    wasActive.current = active;
  }, [active, queryClient]);
  return query;
}
