import type { LocalizedNamesInput } from '@compliance/shared/knowledge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgeQueryKey } from '@/components/knowledge-base/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export type TaxonomyKind = 'functions' | 'resource-types';

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
