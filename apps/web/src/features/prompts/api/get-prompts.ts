import type { ListPromptsQuery, PromptListResponse } from '@compliance/shared/prompts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptQueryKeys } from '@/components/prompts/query-keys.ts';

export function getPrompts(query: ListPromptsQuery): Promise<PromptListResponse> {
  return api.get('/prompts', { params: query });
}

export function getPromptsQueryOptions(query: ListPromptsQuery) {
  return queryOptions({
    queryKey: promptQueryKeys.list(query),
    queryFn: () => getPrompts(query),
    // Typing in the search keeps the last results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'errors:prompts.promptsFailed' },
  });
}

export function usePrompts(query: ListPromptsQuery) {
  return useQuery(getPromptsQueryOptions(query));
}
