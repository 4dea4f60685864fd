import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileChunks, filePages, files, type FileRow } from '../../db/schema/index.ts';
import { tsConfigFor } from '../../db/text-search.ts';
import { CHUNKER_VERSION } from '../ingestion/chunking.ts';
import type { ExtractedChunk, ExtractedDocument } from '../ingestion/extracted-document.ts';

/** Rows per statement when writing or removing what ingestion made of a file. */
const PAGE_BATCH = 200;
const DELETE_BATCH = 1_000;

/**
 * Where ingestion stores what it made of a file. Passages (the costly part: each gets a search
 * vector) are written in small batches, each its own statement, tagged with the run that wrote
 * them; only the last step (pages, status) is one short transaction. A file's passages are only
 * searched once it is ready, so a run in progress is never seen half-written.
 */
export function createExtractionRepository(db: Db) {
  async function deleteInBatches(condition: ReturnType<typeof and>): Promise<void> {
    for (;;) {
      const removed = await db
        .delete(fileChunks)
        .where(
          sql`${fileChunks.id} in (select ${fileChunks.id} from ${fileChunks} where ${condition} limit ${DELETE_BATCH})`,
        )
        .returning({ id: fileChunks.id });
      if (removed.length < DELETE_BATCH) return;
    }
  }

  return {
    /** True while `jobId` is still the file's current ingestion run (not deleted, not replaced). */
    async isCurrentRun(fileId: string, jobId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.id, fileId), eq(files.ingestJobId, jobId)));
      return row !== undefined;
    },

    async insertChunks(
      fileId: string,
      jobId: string,
      language: ExtractedDocument['language'],
      chunks: ExtractedChunk[],
    ) {
      if (chunks.length === 0) return;
      const config = tsConfigFor(language);
      await db.insert(fileChunks).values(
        chunks.map((chunk) => ({
          fileId,
          ingestJobId: jobId,
          chunkIndex: chunk.index,
          page: chunk.page,
          heading: chunk.heading,
          text: chunk.text,
          tsConfig: config,
          // The heading is indexed with its passage, weighted higher.
          tsv: sql`setweight(to_tsvector(${config}::regconfig, ${chunk.heading ?? ''}), 'A') || to_tsvector(${config}::regconfig, ${chunk.text})`,
        })),
      );
    },

    /** Removes the passages a run wrote (all of the file's when `jobId` is omitted), in batches. */
    async removeChunks(fileId: string, jobId?: string): Promise<void> {
      await deleteInBatches(
        jobId === undefined
          ? eq(fileChunks.fileId, fileId)
          : and(eq(fileChunks.fileId, fileId), eq(fileChunks.ingestJobId, jobId)),
      );
    },

    async removePages(fileId: string): Promise<void> {
      await db.delete(filePages).where(eq(filePages.fileId, fileId));
    },

    /**
     * Stores the pages and marks the file ready, if `jobId` is still its run; anything another run
     * slipped in meanwhile is dropped. Undefined when the run was superseded.
     */
    async completeRun(fileId: string, jobId: string, extracted: ExtractedDocument): Promise<FileRow | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.id, fileId), eq(files.ingestJobId, jobId)))
          .for('update');
        if (!current) return undefined;
        await tx
          .delete(fileChunks)
          .where(
            and(eq(fileChunks.fileId, fileId), or(isNull(fileChunks.ingestJobId), ne(fileChunks.ingestJobId, jobId))),
          );
        await tx.delete(filePages).where(eq(filePages.fileId, fileId));
        for (let start = 0; start < extracted.pages.length; start += PAGE_BATCH) {
          const batch = extracted.pages.slice(start, start + PAGE_BATCH);
          await tx.insert(filePages).values(batch.map((page) => ({ fileId, number: page.number, text: page.text })));
        }
        const [row] = await tx
          .update(files)
          .set({
            status: 'ready',
            chunkerVersion: CHUNKER_VERSION,
            failureCode: null,
            failureReason: null,
            noText: extracted.noText,
            detectedType: extracted.type,
            language: extracted.language,
            // A seeded document's title comes from its front matter.
            title: sql`coalesce(${files.metadata}->>'title', ${extracted.title})`,
            pageCount: extracted.pages.length,
            chunkCount: extracted.chunks.length,
            warnings: extracted.warnings,
            timings: extracted.timings,
            processedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(files.id, fileId))
          .returning();
        return row;
      });
    },
  };
}

export type ExtractionRepository = ReturnType<typeof createExtractionRepository>;
