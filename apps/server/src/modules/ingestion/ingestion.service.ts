/**
 * The document extractor the documents and knowledge-base modules use. Files are parsed in a small
 * pool of worker threads, never on the server's main thread; each file gets a hard time limit and
 * the worker a heap limit. A file that runs out of time or memory fails with INGESTION_TIMEOUT or
 * FILE_TOO_COMPLEX, its worker is terminated and replaced, and the server carries on.
 */
import { Worker } from 'node:worker_threads';
import { IngestionError } from './extracted-document.ts';
import type { ExtractDocument, ExtractedDocument } from './extracted-document.ts';
import { defaultExtractionLimits } from './limits.ts';
import type { ExtractionLimits } from './limits.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

export interface DocumentExtractorOptions {
  /** Worker threads; 1–2 suits a small server (each takes up to `maxOldGenerationSizeMb`). Default 1. */
  poolSize?: number;
  /** Hard time limit per file, from the moment a worker starts on it. Default 30 s. */
  timeoutMs?: number;
  /**
   * Heap limit of each worker thread. Default 2048 MB: below 2 GB V8 treats the isolate as a
   * low-memory device and collects far more often (measured: 25–40 % more CPU per page than the same
   * parser on the main thread, see ADR 028); what a worker really holds stays at 100–300 MB.
   */
  maxOldGenerationSizeMb?: number;
  /** Young-generation limit of each worker thread. Default 64 MB. */
  maxYoungGenerationSizeMb?: number;
  /** A worker is replaced after this many files, so parser caches cannot grow forever. Default 200. */
  maxFilesPerWorker?: number;
  /**
   * A worker with nothing to do ends after this long, giving back its whole V8 isolate and the
   * PDF renderer it loaded (about 240 MB each once the starter knowledge base is indexed); the
   * next file starts a new one. Default 30 s.
   */
  idleMs?: number;
  /** Parser bounds (PDF pages, DOCX zip size and entries). */
  limits?: Partial<ExtractionLimits>;
}

export interface DocumentExtractor {
  /** Rejects with IngestionError for a bad file, with `signal.reason` when aborted, or with an Error when the extractor is closed. */
  extract: ExtractDocument;
  /** How many worker threads are alive now (busy or idle). */
  liveWorkers(): number;
  /** Stops the workers; pending and queued extractions reject. */
  close(): Promise<void>;
}

interface Task {
  id: number;
  bytes: Uint8Array;
  fileName: string;
  declaredMimeType: string | undefined;
  signal: AbortSignal | undefined;
  resolve(document: ExtractedDocument): void;
  reject(error: unknown): void;
  detachAbort(): void;
}

interface Slot {
  worker: Worker | null;
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
  served: number;
}

const workerUrl = new URL('./ingestion.worker.ts', import.meta.url);

export function createDocumentExtractor(options: DocumentExtractorOptions = {}): DocumentExtractor {
  const poolSize = Math.max(1, Math.min(8, Math.floor(options.poolSize ?? 1)));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxFilesPerWorker = options.maxFilesPerWorker ?? 200;
  const idleMs = options.idleMs ?? 30_000;
  const limits: ExtractionLimits = { ...defaultExtractionLimits, ...options.limits };
  const resourceLimits = {
    maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 2048,
    maxYoungGenerationSizeMb: options.maxYoungGenerationSizeMb ?? 64,
  };

  const slots: Slot[] = Array.from({ length: poolSize }, () => ({
    worker: null,
    ready: false,
    task: null,
    timer: null,
    idleTimer: null,
    served: 0,
  }));
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  function startWorker(slot: Slot): void {
    const worker = new Worker(workerUrl, {
      resourceLimits,
      execArgv: ['--disable-warning=ExperimentalWarning'],
      name: 'ingestion',
    });
    slot.worker = worker;
    slot.ready = false;
    slot.served = 0;
    // Keeps the process alive while a file waits for this worker; unref'd again once idle.
    worker.ref();
    worker.on('message', (reply: WorkerReply) => {
      if (slot.worker !== worker) return;
      if (reply.type === 'ready') {
        slot.ready = true;
        runNext(slot);
        return;
      }
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      finishTask(slot);
      slot.served++;
      if (reply.type === 'done') task.resolve(reply.document);
      else task.reject(new IngestionError(reply.code, reply.reason));
      if (slot.served >= maxFilesPerWorker) retire(slot);
      dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      const wasReady = slot.ready;
      const task = slot.task;
      retire(slot);
      if (task) {
        finishTask(slot, task);
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          task.reject(new IngestionError('FILE_TOO_COMPLEX', 'the file needs more memory than a parser may use'));
        } else if (wasReady) {
          task.reject(new IngestionError('FILE_CORRUPT', `the parser crashed on this file: ${error.message}`));
        } else {
          task.reject(new Error(`The ingestion worker failed to start: ${error.message}`, { cause: error }));
        }
      }
      dispatch();
    });
    worker.on('exit', () => {
      if (slot.worker !== worker) return;
      const task = slot.task;
      retire(slot);
      if (task) {
        finishTask(slot, task);
        task.reject(new IngestionError('FILE_CORRUPT', 'the parser stopped unexpectedly on this file'));
      }
      dispatch();
    });
  }

  /** Forgets a slot's worker and terminates it; its handlers ignore anything it still says. */
  function retire(slot: Slot): void {
    clearIdle(slot);
    const worker = slot.worker;
    slot.worker = null;
    slot.ready = false;
    if (worker) void worker.terminate().catch(() => undefined);
  }

  function finishTask(slot: Slot, task: Task | null = slot.task): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (slot.task === task) slot.task = null;
    task?.detachAbort();
    if (slot.worker && !slot.task) {
      slot.worker.unref();
      retireWhenIdle(slot);
    }
  }

  function clearIdle(slot: Slot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
  }

  /** Ends the slot's worker if it is still without work after `idleMs`. */
  function retireWhenIdle(slot: Slot): void {
    clearIdle(slot);
    const worker = slot.worker;
    slot.idleTimer = setTimeout(() => {
      if (slot.worker === worker && !slot.task) retire(slot);
    }, idleMs);
    slot.idleTimer.unref();
  }

  function runNext(slot: Slot): void {
    if (!slot.worker || !slot.ready || slot.task) return;
    const task = queue.shift();
    if (!task) {
      slot.worker.unref();
      retireWhenIdle(slot);
      return;
    }
    clearIdle(slot);
    slot.task = task;
    slot.worker.ref();
    const bytes = new Uint8Array(task.bytes);
    const request: WorkerRequest = {
      id: task.id,
      bytes,
      fileName: task.fileName,
      declaredMimeType: task.declaredMimeType,
      limits,
    };
    slot.timer = setTimeout(() => {
      if (slot.task !== task) return;
      retire(slot);
      finishTask(slot, task);
      task.reject(
        new IngestionError('INGESTION_TIMEOUT', `parsing took longer than ${Math.round(timeoutMs / 1000)} s`),
      );
      dispatch();
    }, timeoutMs);
    slot.worker.postMessage(request, [bytes.buffer]);
  }

  function dispatch(): void {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.task) continue;
      if (!slot.worker) {
        startWorker(slot);
      } else runNext(slot);
    }
  }

  const extract: ExtractDocument = (bytes, { fileName, declaredMimeType, signal }) =>
    new Promise<ExtractedDocument>((resolve, reject) => {
      if (closed) {
        reject(new Error('The document extractor is closed'));
        return;
      }
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        const queued = queue.indexOf(task);
        if (queued >= 0) queue.splice(queued, 1);
        const slot = slots.find((candidate) => candidate.task === task);
        if (slot) {
          retire(slot);
          finishTask(slot, task);
        }
        reject(signal?.reason);
        dispatch();
      };
      const task: Task = {
        id: nextId++,
        bytes,
        fileName,
        declaredMimeType,
        signal,
        resolve,
        reject,
        detachAbort: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(task);
      dispatch();
    });

  return {
    extract,
    liveWorkers: () => slots.filter((slot) => slot.worker !== null).length,
    async close() {
      closed = true;
      const error = new Error('The document extractor is closed');
      for (const task of queue.splice(0)) {
        task.detachAbort();
        task.reject(error);
      }
      const terminations: Promise<unknown>[] = [];
      for (const slot of slots) {
        const task = slot.task;
        if (task) {
          finishTask(slot, task);
          task.reject(error);
        }
        clearIdle(slot);
        if (slot.worker) terminations.push(slot.worker.terminate().catch(() => undefined));
        slot.worker = null;
        slot.ready = false;
      }
      await Promise.all(terminations);
    },
  };
}
