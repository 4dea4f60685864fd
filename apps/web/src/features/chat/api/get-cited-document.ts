import type { FileContent } from '@compliance/shared/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client.ts';
import { chatQueryKeys } from './query-keys.ts';

/**
 * A cited document, read through the library's own endpoints (`GET /api/documents/files/:id/content`
 * for the extracted text by page, `…/download` for the original): the viewer beside the chat shows
 * the passage in it. Features never import each other, so the chat keeps its own fetchers.
 */
export function getCitedDocument(fileId: string): Promise<FileContent> {
  return api.get(`/documents/files/${encodeURIComponent(fileId)}/content`);
}

export function getCitedDocumentQueryOptions(fileId: string) {
  return queryOptions({
    queryKey: chatQueryKeys.citedDocument(fileId),
    queryFn: () => getCitedDocument(fileId),
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}

export function useCitedDocument(fileId: string | null) {
  return useQuery({ ...getCitedDocumentQueryOptions(fileId ?? ''), enabled: Boolean(fileId) });
}

/** The original file's bytes (a PDF to render, a Markdown source to show with its tables). */
export async function getCitedOriginal(fileId: string): Promise<ArrayBuffer> {
  const response = await apiRequest(`/documents/files/${encodeURIComponent(fileId)}/download`, {
    headers: { Accept: '*/*' },
  });
  return response.arrayBuffer();
}

export function getCitedOriginalQueryOptions(fileId: string) {
  return queryOptions({
    queryKey: chatQueryKeys.citedOriginal(fileId),
    queryFn: () => getCitedOriginal(fileId),
    staleTime: 5 * 60_000,
    gcTime: 60_000,
    meta: { errorToast: false },
  });
}

export function useCitedOriginal(fileId: string | null) {
  return useQuery({ ...getCitedOriginalQueryOptions(fileId ?? ''), enabled: Boolean(fileId) });
}
