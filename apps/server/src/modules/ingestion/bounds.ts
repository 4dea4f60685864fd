/**
 * The per-file bounds of `limits.ts` as checks the parsers call while they read, so a file that is
 * too big stops the moment it passes a bound instead of after it has been read completely.
 */
import { IngestionError } from './extracted-document.ts';
import type { ExtractionLimits } from './limits.ts';

/** Counts extracted characters; throws FILE_TOO_LONG once they pass the limit. */
export function createTextBudget(limits: Pick<ExtractionLimits, 'maxTextChars'>) {
  let used = 0;
  return {
    add(characters: number): void {
      used += characters;
      if (used > limits.maxTextChars) {
        throw new IngestionError(
          'FILE_TOO_LONG',
          `the file holds more than ${limits.maxTextChars.toLocaleString('en')} characters of text`,
        );
      }
    },
  };
}

export type TextBudget = ReturnType<typeof createTextBudget>;

export function assertPageCount(pages: number, limits: Pick<ExtractionLimits, 'maxPages'>): void {
  if (pages > limits.maxPages) {
    throw new IngestionError(
      'FILE_TOO_MANY_PAGES',
      `the file has more than ${limits.maxPages.toLocaleString('en')} pages`,
    );
  }
}

export function assertChunkCount(chunks: number, limits: Pick<ExtractionLimits, 'maxChunks'>): void {
  if (chunks > limits.maxChunks) {
    throw new IngestionError(
      'FILE_TOO_MANY_PASSAGES',
      `the file makes more than ${limits.maxChunks.toLocaleString('en')} passages`,
    );
  }
}
