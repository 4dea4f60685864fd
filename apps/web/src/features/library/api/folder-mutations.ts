import type { Folder } from '@compliance/shared/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { folderPath, libraryBase, libraryQueryKey, type LibraryScope } from './library-scope.ts';

/** Where new folders go: the personal root, or a knowledge-base branch. */
export type FolderRoot =
  { scope: 'personal' } | { scope: 'knowledge-base'; functionId: string; resourceTypeId: string };

function rootPath(root: FolderRoot): string {
  return root.scope === 'personal'
    ? libraryBase.personal
    : `${libraryBase['knowledge-base']}/branches/${encodeURIComponent(root.functionId)}/${encodeURIComponent(root.resourceTypeId)}`;
}

export function createFolder(root: FolderRoot, input: { name: string; parentId: string | null }): Promise<Folder> {
  return api.post(`${rootPath(root)}/folders`, input);
}

export function useCreateFolder(root: FolderRoot) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; parentId: string | null }) => createFolder(root, input),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueryKey[root.scope] }),
  });
}

export function renameFolder(scope: LibraryScope, { id, name }: { id: string; name: string }): Promise<Folder> {
  return api.patch(folderPath(scope, id), { name });
}

export function useRenameFolder(scope: LibraryScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) => renameFolder(scope, input),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueryKey[scope] }),
  });
}

export function deleteFolder(scope: LibraryScope, id: string): Promise<void> {
  return api.delete(folderPath(scope, id));
}

export function useDeleteFolder(scope: LibraryScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteFolder(scope, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueryKey[scope] }),
  });
}
