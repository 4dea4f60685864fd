import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import type { FileRow } from '../../db/schema/index.ts';
import { IngestionError, type ExtractDocument, type ExtractedDocument } from '../ingestion/extracted-document.ts';
import { defineJob, type JobContext } from '../jobs/job-definition.ts';
import { BlobNotFoundError, type BlobStorage } from '../storage/storage.ts';
import type { ExtractionRepository } from './library-extraction.repository.ts';
import type { LibraryRepository } from './library.repository.ts';

export const ingestDocumentJob = defineJob('documents.ingest', z.object({ fileId: z.uuid() }), {
  maxAttempts: 3,
  timeoutMs: 5 * 60_000,
});

/**
 * Passages written per statement, bounded by count and by text. Each one's search vector is computed by
 * the database, on the main thread with the embedded one, so batches stay small and the event loop gets
 * a turn between them: 50 passages (about 45,000 characters) took up to 100 ms on a busy 2-core machine
 * (docs/performance.md, "Event-loop lag while the worst corpus file ingests").
 */
export const CHUNK_BATCH = { passages: 25, characters: 16_000 };

/** Consecutive batches of passages, each within CHUNK_BATCH (a longer passage goes alone). */
export function chunkBatches<T extends { text: string }>(chunks: T[]): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let characters = 0;
  for (const chunk of chunks) {
    if (
      batch.length > 0 &&
      (batch.length >= CHUNK_BATCH.passages || characters + chunk.text.length > CHUNK_BATCH.characters)
    ) {
      batches.push(batch);
      batch = [];
      characters = 0;
    }
    batch.push(chunk);
    characters += chunk.text.length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

export interface IngestionDeps {
  repository: LibraryRepository;
  extraction: ExtractionRepository;
  storage: BlobStorage;
  extract: ExtractDocument;
  /** Tells the owner's tabs that a file changed (status, pages, failure). */
  fileChanged: (row: FileRow) => Promise<void>;
}

/** The run was replaced by a newer upload or re-index, or the file was deleted. */
class SupersededRun extends Error {
  override name = 'SupersededRun';
}

/**
 * The ingestion job of the library: a stored file becomes pages and indexed passages, or fails with
 * a reason. A run that fails, is cancelled or is superseded removes the passages it wrote.
 */
export function createIngestion({ repository, extraction, storage, extract, fileChanged }: IngestionDeps) {
  /** Passages in small batches; stops as soon as the run is no longer the file's current one. */
  async function writeChunks(fileId: string, context: JobContext, extracted: ExtractedDocument): Promise<void> {
    for (const batch of chunkBatches(extracted.chunks)) {
      await yieldToEventLoop();
      context.signal.throwIfAborted();
      if (!(await extraction.isCurrentRun(fileId, context.jobId))) throw new SupersededRun();
      await extraction.insertChunks(fileId, context.jobId, extracted.language, batch);
    }
  }

  /** A failed file keeps nothing of its text: it is not searchable, and costs its owner only its bytes. */
  async function fail(fileId: string, jobId: string | null, code: string, reason: string): Promise<void> {
    const failed = await repository.markFailed(fileId, jobId, { code, reason });
    if (!failed) return;
    await extraction.removeChunks(fileId);
    await extraction.removePages(fileId);
    await fileChanged(failed);
  }

  async function ingest(fileId: string, context: JobContext): Promise<void> {
    const file = await repository.findFile(fileId);
    if (!file || file.ingestJobId !== context.jobId) return; // deleted, or superseded by a newer upload
    const synching = await repository.markSynching(fileId, context.jobId);
    if (!synching) return;
    await fileChanged(synching);

    let bytes: Uint8Array;
    try {
      bytes = await storage.read(file.storageKey);
    } catch (error) {
      // The row commits just before its original is put in place: a job that starts in between retries.
      if (error instanceof BlobNotFoundError && context.attempt >= context.maxAttempts) {
        await fail(fileId, context.jobId, 'FILE_MISSING', 'The stored original is missing');
        return;
      }
      await repository.markPending(fileId, context.jobId);
      throw error;
    }
    try {
      const extracted = await extract(bytes, {
        fileName: file.name,
        declaredMimeType: file.mimeType,
        signal: context.signal,
      });
      // The file is not searchable while it synchs: earlier runs' passages (and this run's, from an
      // attempt a crash cut short) go first.
      await extraction.removeChunks(fileId);
      await writeChunks(fileId, context, extracted);
      const ready = await extraction.completeRun(fileId, context.jobId, extracted);
      if (!ready) throw new SupersededRun();
      await fileChanged(ready);
    } catch (error) {
      await extraction.removeChunks(fileId, context.jobId).catch(() => undefined);
      if (error instanceof SupersededRun) return;
      if (error instanceof IngestionError) {
        await fail(fileId, context.jobId, error.code, error.reason);
        return;
      }
      if (context.attempt >= context.maxAttempts || context.signal.aborted) {
        await fail(fileId, context.jobId, 'INGESTION_FAILED', error instanceof Error ? error.message : String(error));
        if (context.attempt >= context.maxAttempts) return;
      } else {
        await repository.markPending(fileId, context.jobId);
      }
      throw error;
    }
    await tidySearchIndex(context);
  }

  /** The file is searchable already; a slow or failed tidy-up of the index must not fail its run. */
  async function tidySearchIndex(context: JobContext): Promise<void> {
    try {
      if (await extraction.maintainSearchIndex()) context.log.debug('search index tidied after ingestion');
    } catch (error) {
      context.log.warn({ err: error }, 'could not tidy the search index after ingestion');
    }
  }

  /** Files whose ingestion job failed for good (e.g. its worker crashed on the last attempt) end failed. */
  async function recoverStuckFiles(): Promise<number> {
    const stuck = await repository.findStuck();
    for (const item of stuck) {
      await fail(item.id, null, 'INGESTION_FAILED', item.lastError ?? 'The ingestion job was lost');
    }
    return stuck.length;
  }

  return { ingest, recoverStuckFiles };
}
