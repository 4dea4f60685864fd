import type { FolderContents } from '@compliance/shared/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const documentsQueryKey = ['documents'] as const;

export function getFolderContents(folderId: string | null): Promise<FolderContents> {
  return api.get<FolderContents>('/documents', { params: { folderId: folderId ?? undefined } });
}

export function getFolderContentsQueryOptions(folderId: string | null) {
  return queryOptions({
    queryKey: [...documentsQueryKey, 'folder', folderId ?? 'root'],
    queryFn: () => getFolderContents(folderId),
    meta: { errorToast: false },
  });
}

export function useFolderContents(folderId: string | null) {
  return useQuery(getFolderContentsQueryOptions(folderId));
}
