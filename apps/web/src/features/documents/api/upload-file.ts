import { readErrorBody } from '@compliance/shared/error-codes';
import type { DocumentFile, UploadConflictStrategy } from '@compliance/shared/documents';
import { ApiError, apiUrl } from '@/lib/api-client.ts';
import { getAuthToken, handleUnauthorized } from '@/lib/auth-token.ts';
import { getRealtimeConnectionId, REALTIME_CONNECTION_HEADER } from '@/lib/realtime.ts';

export interface UploadFileInput {
  file: File;
  folderId: string | null;
  onConflict: UploadConflictStrategy;
  /** 0…1 as the bytes go out. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/**
 * Uploads one file with XMLHttpRequest (fetch reports no upload progress). Resolves with the stored
 * file; rejects with an ApiError (FILE_EXISTS, FILE_TOO_LARGE, STORAGE_QUOTA_EXCEEDED, UPLOAD_FAILED, …)
 * or an AbortError when cancelled.
 */
export function uploadFile({ file, folderId, onConflict, onProgress, signal }: UploadFileInput) {
  return new Promise<{ file: DocumentFile; replaced: boolean }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/documents/files', { folderId: folderId ?? undefined, onConflict }));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAuthToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const connectionId = getRealtimeConnectionId();
    if (connectionId) xhr.setRequestHeader(REALTIME_CONNECTION_HEADER, connectionId);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 201) {
        resolve(body as { file: DocumentFile; replaced: boolean });
        return;
      }
      if (xhr.status === 401) handleUnauthorized();
      const details = readErrorBody(body);
      reject(
        details
          ? new ApiError(details.code, xhr.status, details.message)
          : new ApiError(xhr.status === 413 ? 'FILE_TOO_LARGE' : 'UPLOAD_FAILED', xhr.status),
      );
    });
    xhr.addEventListener('error', () => reject(new ApiError('UPLOAD_FAILED', 0, 'Network error')));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
