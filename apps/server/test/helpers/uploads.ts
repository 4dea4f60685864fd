import { randomBytes } from 'node:crypto';
import type { App } from '../../src/app.ts';

/** A multipart/form-data body with one file in the field "file", for `app.inject`. */
export function multipartFile(fileName: string, content: string | Uint8Array, type = 'text/plain') {
  const boundary = `----vitest${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a file into the user's library (`query`: folderId, onConflict) and returns the response. */
export function uploadFile(
  app: App,
  headers: Record<string, string>,
  fileName: string,
  content: string | Uint8Array,
  query: Record<string, string> = {},
  type = 'text/plain',
) {
  const body = multipartFile(fileName, content, type);
  const search = new URLSearchParams(query).toString();
  return app.inject({
    method: 'POST',
    url: `/api/documents/files${search ? `?${search}` : ''}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
