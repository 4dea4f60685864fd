import type { DocumentSearchResult } from '@compliance/shared/documents';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { documentsQueryKey } from './get-folder-contents.ts';

export function searchDocuments(q: string): Promise<DocumentSearchResult> {
  return api.get('/documents/search', { params: { q, limit: 20 } });
}

export function searchDocumentsQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...documentsQueryKey, 'search', q],
    queryFn: () => searchDocuments(q),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSearchDocuments(q: string) {
  return useQuery(searchDocumentsQueryOptions(q));
}
