import type { FileContent } from '@compliance/shared/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { documentsQueryKey } from './get-folder-contents.ts';

export function getFileContent(fileId: string): Promise<FileContent> {
  return api.get(`/documents/files/${encodeURIComponent(fileId)}/content`);
}

export function getFileContentQueryOptions(fileId: string) {
  return queryOptions({
    queryKey: [...documentsQueryKey, 'file', fileId, 'content'],
    queryFn: () => getFileContent(fileId),
    meta: { errorToast: false },
  });
}

export function useFileContent(fileId: string | null) {
  return useQuery({ ...getFileContentQueryOptions(fileId ?? ''), enabled: Boolean(fileId) });
}
