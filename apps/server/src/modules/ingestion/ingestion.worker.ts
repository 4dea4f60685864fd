/**
 * Entry point of an ingestion worker thread: extracts one file per message. Started only by the pool
 * in ingestion.service.ts, with resourceLimits set. pdf.js (with the Skia module it loads in Node) is
 * loaded by the first PDF, not here: a worker that only ever reads Markdown, text or office files,
 * such as the one indexing the starter knowledge base, stays about 200 MB smaller.
 */
import { parentPort } from 'node:worker_threads';
import { extractInThread } from './extract-in-thread.ts';
import { IngestionError } from './extracted-document.ts';
import { loadLanguageDetector } from './language.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

if (!parentPort) throw new Error('ingestion.worker.ts must run in a worker thread');
const port = parentPort;

// Defence in depth: nothing in a parser has any business on the network.
const noNetwork = () => Promise.reject(new Error('network access is disabled in the ingestion worker'));
globalThis.fetch = noNetwork as typeof fetch;

await loadLanguageDetector();

port.on('message', (request: WorkerRequest) => {
  void handle(request);
});
port.postMessage({ type: 'ready' } satisfies WorkerReply);

async function handle(request: WorkerRequest): Promise<void> {
  let reply: WorkerReply;
  try {
    const document = await extractInThread(
      request.bytes,
      { fileName: request.fileName, declaredMimeType: request.declaredMimeType },
      request.limits,
    );
    reply = { type: 'done', id: request.id, document };
  } catch (error) {
    if (error instanceof IngestionError) {
      reply = { type: 'failed', id: request.id, code: error.code, reason: error.reason };
    } else if (error instanceof RangeError) {
      // Maximum call stack size exceeded, invalid array length: the file drove the parser too deep or too big.
      reply = {
        type: 'failed',
        id: request.id,
        code: 'FILE_TOO_COMPLEX',
        reason: `the parser gave up: ${error.message}`,
      };
    } else {
      const message = error instanceof Error ? error.message : String(error);
      reply = { type: 'failed', id: request.id, code: 'FILE_CORRUPT', reason: `the file cannot be read: ${message}` };
    }
  }
  port.postMessage(reply);
}
