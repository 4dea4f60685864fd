import type { Folder } from '@compliance/shared/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { documentsQueryKey } from './get-folder-contents.ts';

export function createFolder(input: { name: string; parentId: string | null }): Promise<Folder> {
  return api.post('/documents/folders', input);
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}

export function renameFolder({ id, name }: { id: string; name: string }): Promise<Folder> {
  return api.patch(`/documents/folders/${encodeURIComponent(id)}`, { name });
}

export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameFolder,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}

export function deleteFolder(id: string): Promise<void> {
  return api.delete(`/documents/folders/${encodeURIComponent(id)}`);
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}
