import { z } from 'zod';
import type { FileRow } from '../../db/schema/index.ts';
import { IngestionError, type ExtractDocument } from '../ingestion/extracted-document.ts';
import { defineJob, type JobContext } from '../jobs/job-definition.ts';
import { BlobNotFoundError, type BlobStorage } from '../storage/storage.ts';
import type { LibraryRepository } from './library.repository.ts';

export const ingestDocumentJob = defineJob('documents.ingest', z.object({ fileId: z.uuid() }), {
  maxAttempts: 3,
  timeoutMs: 5 * 60_000,
});

export interface IngestionDeps {
  repository: LibraryRepository;
  storage: BlobStorage;
  extract: ExtractDocument;
  /** Tells the owner's tabs that a file changed (status, pages, failure). */
  fileChanged: (row: FileRow) => Promise<void>;
}

/** The ingestion job of the library: a stored file becomes pages and indexed passages, or fails with a reason. */
export function createIngestion({ repository, storage, extract, fileChanged }: IngestionDeps) {
  async function ingest(fileId: string, context: JobContext): Promise<void> {
    const file = await repository.findFile(fileId);
    if (!file || file.ingestJobId !== context.jobId) return; // deleted, or superseded by a newer upload
    const synching = await repository.markSynching(fileId, context.jobId);
    if (!synching) return;
    await fileChanged(synching);

    const fail = async (code: string, reason: string) => {
      const failed = await repository.markFailed(fileId, context.jobId, { code, reason });
      if (failed) await fileChanged(failed);
    };

    let bytes: Uint8Array;
    try {
      bytes = await storage.read(file.storageKey);
    } catch (error) {
      if (error instanceof BlobNotFoundError) {
        await fail('FILE_MISSING', 'The stored original is missing');
        return;
      }
      throw error;
    }
    try {
      const extracted = await extract(bytes, {
        fileName: file.name,
        declaredMimeType: file.mimeType,
        signal: context.signal,
      });
      const ready = await repository.saveExtraction(fileId, context.jobId, extracted);
      if (ready) await fileChanged(ready);
    } catch (error) {
      if (error instanceof IngestionError) {
        await fail(error.code, error.reason);
        return;
      }
      if (context.attempt >= context.maxAttempts || context.signal.aborted) {
        await fail('INGESTION_FAILED', error instanceof Error ? error.message : String(error));
        if (context.attempt >= context.maxAttempts) return;
      } else {
        await repository.markPending(fileId, context.jobId);
      }
      throw error;
    }
  }

  /** Files whose ingestion job failed for good (e.g. its worker crashed on the last attempt) end failed. */
  async function recoverStuckFiles(): Promise<number> {
    const stuck = await repository.findStuck();
    for (const item of stuck) {
      const failed = await repository.markFailed(item.id, null, {
        code: 'INGESTION_FAILED',
        reason: item.lastError ?? 'The ingestion job was lost',
      });
      if (failed) await fileChanged(failed);
    }
    return stuck.length;
  }

  return { ingest, recoverStuckFiles };
}
