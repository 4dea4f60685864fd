import type { AssistantsResponse } from '@compliance/shared/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { chatQueryKeys } from './query-keys.ts';

export function getAssistants(): Promise<AssistantsResponse> {
  return api.get<AssistantsResponse>('/assistants', { skipAuthRedirect: true });
}

export function getAssistantsQueryOptions() {
  return queryOptions({ queryKey: chatQueryKeys.assistants(), queryFn: getAssistants, staleTime: 5 * 60_000 });
}

export function useAssistants() {
  return useQuery(getAssistantsQueryOptions());
}
