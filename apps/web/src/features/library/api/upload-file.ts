import type { DocumentFile, UploadConflictStrategy } from '@compliance/shared/documents';
import { api } from '@/lib/api-client.ts';

export interface UploadFileInput {
  file: File;
  folderId: string | null;
  onConflict: UploadConflictStrategy;
  /** 0…1 as the bytes go out. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/**
 * Uploads one file into the user's library. Resolves with the stored file; rejects with an ApiError
 * (FILE_EXISTS, FILE_TOO_LARGE, STORAGE_QUOTA_EXCEEDED, UPLOAD_FAILED, …) or an AbortError when cancelled.
 */
export function uploadFile({ file, folderId, onConflict, onProgress, signal }: UploadFileInput) {
  return api.upload<{ file: DocumentFile; replaced: boolean }>('/documents/files', file, {
    params: { folderId: folderId ?? undefined, onConflict },
    onProgress,
    signal,
  });
}
