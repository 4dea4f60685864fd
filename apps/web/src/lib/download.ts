import { apiRequest, type ApiRequestOptions } from './api-client.ts';

/** Saves a blob in the browser under a file name (an object URL clicked, then released). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a file from the API with the session's credentials (a plain link would have none) and saves it. */
export async function downloadFromApi(
  path: string,
  fileName: string,
  params?: ApiRequestOptions['params'],
): Promise<void> {
  const response = await apiRequest(path, { params, headers: { Accept: '*/*' } });
  saveBlob(await response.blob(), fileName);
}
