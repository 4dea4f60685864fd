import { downloadFromApi } from '@/lib/download.ts';

/** Downloads the original through the API (it needs the bearer token) and saves it under its name. */
export function downloadFile(fileId: string, fileName: string): Promise<void> {
  return downloadFromApi(`/documents/files/${encodeURIComponent(fileId)}/download`, fileName);
}
