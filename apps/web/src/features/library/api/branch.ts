import type { DocumentFile, UploadConflictStrategy } from '@compliance/shared/documents';
import type { KbContents, KbFileDetail } from '@compliance/shared/knowledge';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { knowledgeQueryKey } from '@/components/knowledge-base/query-keys.ts';

export function getBranch(functionId: string, resourceTypeId: string): Promise<KbContents> {
  return api.get(`/admin/knowledge/branches/${encodeURIComponent(functionId)}/${encodeURIComponent(resourceTypeId)}`);
}

export function getKbFolder(folderId: string): Promise<KbContents> {
  return api.get(`/admin/knowledge/folders/${encodeURIComponent(folderId)}`);
}

export function getBranchQueryOptions(target: { functionId: string; resourceTypeId: string } | { folderId: string }) {
  return queryOptions({
    queryKey: [...knowledgeQueryKey, 'contents', target],
    queryFn: () =>
      'folderId' in target ? getKbFolder(target.folderId) : getBranch(target.functionId, target.resourceTypeId),
    meta: { errorToast: false },
  });
}

export function useKbContents(target: { functionId: string; resourceTypeId: string } | { folderId: string }) {
  return useQuery(getBranchQueryOptions(target));
}

export type KbFileWithPages = KbFileDetail & { pages: { number: number; text: string }[] };

export function getKbFile(fileId: string): Promise<KbFileWithPages> {
  return api.get(`/admin/knowledge/files/${encodeURIComponent(fileId)}`);
}

export function useKbFile(fileId: string) {
  return useQuery({
    queryKey: [...knowledgeQueryKey, 'file', fileId],
    queryFn: () => getKbFile(fileId),
    meta: { errorToast: false },
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: knowledgeQueryKey });
}

export function useMoveKbFile() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: string;
      functionId: string;
      resourceTypeId: string;
      folderId: string | null;
    }) => api.post(`/admin/knowledge/files/${encodeURIComponent(id)}/move`, body),
    meta: { errorTitle: 'errors:MOVE_FAILED' },
    onSettled: invalidate,
  });
}

export function uploadKbFile(
  functionId: string,
  resourceTypeId: string,
  file: File,
  folderId: string | null,
  onConflict: UploadConflictStrategy = 'fail',
) {
  return api.upload<{ file: DocumentFile; replaced: boolean }>(
    `/admin/knowledge/branches/${encodeURIComponent(functionId)}/${encodeURIComponent(resourceTypeId)}/files`,
    file,
    { params: { folderId: folderId ?? undefined, onConflict } },
  );
}

export function useUploadKbFiles(functionId: string, resourceTypeId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ files, folderId }: { files: File[]; folderId: string | null }) => {
      for (const file of files) await uploadKbFile(functionId, resourceTypeId, file, folderId, 'keep-both');
    },
    meta: { errorTitle: 'errors:UPLOAD_FAILED' },
    onSettled: invalidate,
  });
}
