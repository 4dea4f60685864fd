import type { DocumentFile } from '@compliance/shared/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { filePath, libraryQueryKey, type LibraryScope } from './library-scope.ts';

export function deleteFile(scope: LibraryScope, id: string): Promise<void> {
  return api.delete(filePath(scope, id));
}

export function useDeleteFile(scope: LibraryScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteFile(scope, id),
    meta: { errorTitle: 'errors:FILE_DELETE_FAILED' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryQueryKey[scope] }),
  });
}

export function renameFile(scope: LibraryScope, { id, name }: { id: string; name: string }): Promise<DocumentFile> {
  return api.patch(filePath(scope, id), { name });
}

export function useRenameFile(scope: LibraryScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) => renameFile(scope, input),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueryKey[scope] }),
  });
}

/** Runs ingestion again: a retry after a failure, or an admin's re-index. */
export function reindexFile(scope: LibraryScope, id: string): Promise<DocumentFile> {
  return api.post(`${filePath(scope, id)}/reindex`);
}

export function useReindexFile(scope: LibraryScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => reindexFile(scope, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryQueryKey[scope] }),
  });
}
