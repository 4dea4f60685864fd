import type { SyncRun, SyncRunList } from '@compliance/shared/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { connectionPath, integrationQueryKeys } from '@/components/integrations/query-keys.ts';

/**
 * Queues a sync of a storage or wiki connection into the library (409 INTEGRATION_SYNC_RUNNING when
 * one is under way).
 */
export function syncConnection(id: string): Promise<SyncRun> {
  return api.post(`${connectionPath(id)}/sync`);
}

export function useSyncConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncConnection,
    onSuccess: (run, id) => {
      // The queued run shows at once, which starts the history's polling.
      queryClient.setQueryData<SyncRunList>(integrationQueryKeys.runs(id), (current) => ({
        runs: [run, ...(current?.runs ?? []).filter((existing) => existing.id !== run.id)],
      }));
    },
    // A run started elsewhere (another tab, the schedule) shows too.
    onError: (_error, id) => queryClient.invalidateQueries({ queryKey: integrationQueryKeys.runs(id) }),
  });
}
