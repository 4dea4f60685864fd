/**
 * Turns what a parser read (pages of blocks, some of them headings) into the stored shape: page
 * texts and page-aware chunks of about 800–1,200 characters cut at paragraph or sentence
 * boundaries, with a small overlap, each carrying the nearest heading above it.
 */
import { assertChunkCount } from './bounds.ts';
import type { ExtractedChunk, ExtractedPage } from './extracted-document.ts';
import { normalizeLine, normalizeText } from './text.ts';

export interface Block {
  text: string;
  /** A heading (its text becomes the heading of the chunks that follow). */
  heading?: boolean;
}

export interface ParsedPage {
  number: number;
  blocks: Block[];
}

export interface ChunkingOptions {
  maxChars: number;
  /** A chunk that reached this size is closed at the next boundary rather than grown further. */
  targetChars: number;
  maxOverlapChars: number;
  /** Fails the file with FILE_TOO_MANY_PASSAGES as soon as it makes more passages than this. */
  maxChunks?: number;
}

export const defaultChunking: ChunkingOptions = { maxChars: 1_200, targetChars: 800, maxOverlapChars: 200 };

/** Splits a flowing document (no fixed pages) into pages of about `pageChars` at block boundaries. */
export function paginate(blocks: Block[], pageChars = 3_000): ParsedPage[] {
  const pages: ParsedPage[] = [];
  let current: Block[] = [];
  let size = 0;
  const flush = () => {
    if (current.length > 0) pages.push({ number: pages.length + 1, blocks: current });
    current = [];
    size = 0;
  };
  for (const block of blocks) {
    const pieces: Block[] =
      block.heading || block.text.length <= pageChars
        ? [block]
        : splitLongText(block.text, pageChars).map((text) => ({ text }));
    for (const piece of pieces) {
      // A heading starts the next page when the current one is well filled, so it stays with its text.
      const limit = piece.heading ? pageChars * 0.8 : pageChars;
      if (size > 0 && size + piece.text.length > limit) flush();
      current.push(piece);
      size += piece.text.length + 2;
    }
  }
  flush();
  return pages;
}

export function buildPagesAndChunks(
  parsedPages: ParsedPage[],
  options: ChunkingOptions = defaultChunking,
): { pages: ExtractedPage[]; chunks: ExtractedChunk[] } {
  const pages: ExtractedPage[] = [];
  const chunks: ExtractedChunk[] = [];
  let heading: string | null = null;

  for (const parsedPage of parsedPages) {
    const blocks: Block[] = [];
    for (const block of parsedPage.blocks) {
      const text = block.heading ? normalizeLine(block.text) : normalizeText(block.text);
      if (text !== '') blocks.push(block.heading ? { text, heading: true } : { text });
    }
    pages.push({ number: parsedPage.number, text: blocks.map((block) => block.text).join('\n\n') });

    let parts: string[] = [];
    let size = 0;
    let hasBody = false;
    let chunkHeading = heading;
    const flush = (): string | null => {
      const text = parts.join('\n\n').trim();
      parts = [];
      size = 0;
      hasBody = false;
      if (text === '') return null;
      if (options.maxChunks !== undefined) assertChunkCount(chunks.length + 1, { maxChunks: options.maxChunks });
      chunks.push({ index: chunks.length, page: parsedPage.number, heading: chunkHeading, text });
      return text;
    };

    for (const block of blocks) {
      if (block.heading) {
        // Consecutive headings (chapter, section) stay together above the text they introduce.
        if (hasBody || size + 2 + block.text.length > options.maxChars) flush();
        heading = block.text;
        chunkHeading = heading;
        parts.push(block.text);
        size += (size > 0 ? 2 : 0) + block.text.length;
        continue;
      }
      hasBody = true;
      const units = block.text.length <= options.maxChars ? [block.text] : splitLongText(block.text, options.maxChars);
      units.forEach((unit, unitIndex) => {
        const separator = unitIndex === 0 ? 2 : 1;
        if (size > 0 && (size + separator + unit.length > options.maxChars || size >= options.targetChars)) {
          const previous = flush();
          chunkHeading = heading;
          const overlap = previous === null ? '' : overlapTail(previous, options.maxOverlapChars);
          if (overlap !== '' && overlap.length + 1 + unit.length <= options.maxChars) {
            parts.push(overlap);
            size = overlap.length;
          }
        }
        if (size === 0) chunkHeading = heading;
        if (unitIndex > 0 && parts.length > 0) {
          // Pieces of one paragraph stay one paragraph.
          parts[parts.length - 1] = `${parts[parts.length - 1]} ${unit}`;
          size += 1 + unit.length;
        } else {
          parts.push(unit);
          size += (size > 0 ? 2 : 0) + unit.length;
        }
      });
    }
    flush();
  }
  return { pages, chunks };
}

/**
 * Cuts text longer than `maxChars` into pieces no longer than that: at sentence ends first, then
 * at spaces, and only as a last resort in the middle of a word.
 */
export function splitLongText(text: string, maxChars: number): string[] {
  const sentences = text.split(/(?<=[.!?;:])\s+|\n+/).filter((sentence) => sentence.trim() !== '');
  const pieces: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    for (const part of sentence.length <= maxChars ? [sentence] : splitAtSpaces(sentence, maxChars)) {
      if (current === '') current = part;
      else if (current.length + 1 + part.length <= maxChars) current = `${current} ${part}`;
      else {
        pieces.push(current);
        current = part;
      }
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

function splitAtSpaces(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > maxChars) {
    let cut = rest.lastIndexOf(' ', maxChars);
    if (cut < maxChars * 0.5) cut = maxChars;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

/** The last sentence of a chunk (or its last words), repeated at the start of the next one. */
function overlapTail(text: string, maxChars: number): string {
  const lastParagraph = text.slice(text.lastIndexOf('\n\n') + 1).trim();
  const sentences = lastParagraph.split(/(?<=[.!?;:])\s+/);
  const last = (sentences[sentences.length - 1] ?? '').trim();
  if (last === text.trim()) return '';
  if (last.length > 0 && last.length <= maxChars) return last;
  const tail = lastParagraph.slice(-maxChars);
  const space = tail.indexOf(' ');
  return space >= 0 ? tail.slice(space + 1).trim() : '';
}
