import type { RegulatoryFunction, ResourceType } from '@compliance/shared/knowledge';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { knowledgeQueryKey } from './query-keys.ts';

/** The resource types, with how many documents of each a regulatory function holds (admins). */
export function getResourceTypes(
  functionId: string,
): Promise<{ function: RegulatoryFunction | null; resourceTypes: ResourceType[] }> {
  return api.get(`/admin/knowledge/functions/${encodeURIComponent(functionId)}/resource-types`);
}

export function getResourceTypesQueryOptions(functionId: string) {
  return queryOptions({
    queryKey: [...knowledgeQueryKey, 'resource-types', functionId],
    queryFn: () => getResourceTypes(functionId),
    meta: { errorToast: false },
  });
}

export function useResourceTypes(functionId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getResourceTypesQueryOptions(functionId), enabled });
}
