import type { DocumentFile } from '@compliance/shared/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { documentsQueryKey } from './get-folder-contents.ts';

export function deleteFile(id: string): Promise<void> {
  return api.delete(`/documents/files/${encodeURIComponent(id)}`);
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    meta: { errorTitle: 'errors:FILE_DELETE_FAILED' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}

export function retryFile(id: string): Promise<DocumentFile> {
  return api.post(`/documents/files/${encodeURIComponent(id)}/reindex`);
}

export function useRetryFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}
