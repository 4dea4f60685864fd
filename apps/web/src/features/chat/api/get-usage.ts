import type { Usage } from '@compliance/shared/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { chatQueryKeys } from './query-keys.ts';

export function getUsage(): Promise<Usage> {
  return api.get('/chat/usage');
}

export function getUsageQueryOptions() {
  return queryOptions({ queryKey: chatQueryKeys.usage(), queryFn: getUsage });
}

export function useUsage() {
  return useQuery(getUsageQueryOptions());
}
