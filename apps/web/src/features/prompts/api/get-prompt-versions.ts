import type { PromptVersionsResponse } from '@compliance/shared/prompts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptPath, promptQueryKeys } from '@/components/prompts/query-keys.ts';

export function getPromptVersions(id: string): Promise<PromptVersionsResponse> {
  return api.get(`${promptPath(id)}/versions`);
}

export function getPromptVersionsQueryOptions(id: string) {
  return queryOptions({ queryKey: promptQueryKeys.versions(id), queryFn: () => getPromptVersions(id) });
}

export function usePromptVersions(id: string) {
  return useQuery(getPromptVersionsQueryOptions(id));
}
