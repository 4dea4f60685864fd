import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { FileRow } from '../../db/schema/index.ts';

// Types a browser may be told about; anything else (HTML, SVG, scripts) is sent as opaque bytes.
const safeTypes = new Set([
  'application/pdf',
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

/** Sends an original as a download (never rendered inline, so an uploaded page cannot run scripts here). */
export function sendDownload(reply: FastifyReply, file: FileRow, stream: Readable): FastifyReply {
  const type = safeTypes.has(file.mimeType) ? file.mimeType : 'application/octet-stream';
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', type)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('cache-control', 'private, no-store')
    .send(stream);
}
