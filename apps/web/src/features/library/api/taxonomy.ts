import type { LocalizedNamesInput, RegulatoryFunction, ResourceType } from '@compliance/shared/knowledge';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const knowledgeQueryKey = ['knowledge'] as const;
export type TaxonomyKind = 'functions' | 'resource-types';

export function getFunctions(): Promise<RegulatoryFunction[]> {
  return api.get('/admin/knowledge/functions');
}

export function getFunctionsQueryOptions() {
  return queryOptions({ queryKey: [...knowledgeQueryKey, 'functions'], queryFn: getFunctions });
}

export function useFunctions() {
  return useQuery(getFunctionsQueryOptions());
}

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

export function useResourceTypes(functionId: string) {
  return useQuery(getResourceTypesQueryOptions(functionId));
}

export function useSaveTaxonomyItem(kind: TaxonomyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, names }: { id?: string; names: LocalizedNamesInput }) =>
      id
        ? api.patch(`/admin/knowledge/${kind}/${encodeURIComponent(id)}`, { names })
        : api.post(`/admin/knowledge/${kind}`, { names }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeQueryKey }),
  });
}

export function useDeleteTaxonomyItem(kind: TaxonomyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/admin/knowledge/${kind}/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: knowledgeQueryKey }),
  });
}

export function useReorderTaxonomy(kind: TaxonomyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.put(`/admin/knowledge/${kind}/order`, { ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: knowledgeQueryKey }),
  });
}

export function useImportKnowledgeBase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ added: number; updated: number; unchanged: number }>('/admin/knowledge/import'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: knowledgeQueryKey }),
  });
}
