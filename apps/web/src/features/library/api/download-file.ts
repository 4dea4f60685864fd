import { apiRequest } from '@/lib/api-client.ts';

/** Downloads the original through the API (it needs the bearer token) and saves it under its name. */
export async function downloadFile(fileId: string, fileName: string): Promise<void> {
  const response = await apiRequest(`/documents/files/${encodeURIComponent(fileId)}/download`, {
    headers: { Accept: '*/*' },
  });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
