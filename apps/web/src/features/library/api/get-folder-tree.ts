import type { FolderTreeItem } from '@compliance/shared/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { documentsQueryKey } from './get-folder-contents.ts';

export function getFolderTree(): Promise<{ folders: FolderTreeItem[] }> {
  return api.get('/documents/folders/tree');
}

export function getFolderTreeQueryOptions() {
  return queryOptions({ queryKey: [...documentsQueryKey, 'tree'], queryFn: getFolderTree });
}

export function useFolderTree(enabled: boolean) {
  return useQuery({ ...getFolderTreeQueryOptions(), enabled });
}
