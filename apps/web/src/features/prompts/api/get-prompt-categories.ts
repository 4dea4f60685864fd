import type { PromptCategoriesResponse } from '@compliance/shared/prompts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptQueryKeys } from '@/components/prompts/query-keys.ts';

export function getPromptCategories(): Promise<PromptCategoriesResponse> {
  return api.get('/prompt-categories');
}

export function getPromptCategoriesQueryOptions() {
  return queryOptions({
    queryKey: promptQueryKeys.categories(),
    queryFn: getPromptCategories,
    meta: { errorTitle: 'errors:prompts.promptsFailed' },
  });
}

export function usePromptCategories() {
  return useQuery(getPromptCategoriesQueryOptions());
}
