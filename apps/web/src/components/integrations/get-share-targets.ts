import type { ConnectionList } from '@compliance/shared/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { integrationQueryKeys } from './query-keys.ts';

export function getShareTargets(): Promise<ConnectionList> {
  return api.get('/integrations/share-targets');
}

export function getShareTargetsQueryOptions() {
  return queryOptions({ queryKey: integrationQueryKeys.shareTargets(), queryFn: getShareTargets });
}

/** Where the user can send an answer: their own connections and the organisation's. */
export function useShareTargets({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getShareTargetsQueryOptions(), enabled });
}
