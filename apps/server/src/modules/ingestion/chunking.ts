/**
 * Turns what a parser read (pages of blocks, some of them headings) into the stored shape: page
 * texts and page-aware chunks of about 800–1,200 characters cut at paragraph or sentence
 * boundaries, with a small overlap, each carrying the nearest heading above it.
 */
import { assertChunkCount } from './bounds.ts';
import type { ExtractedChunk, ExtractedPage } from './extracted-document.ts';
import { endsWithAbbreviation, normalizeLine, normalizeText } from './text.ts';

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

/**
 * The version of the passage cutting. Raise it when chunk boundaries or chunk text change: files
 * cut by an older version are re-indexed when the server starts, so upgrades reach stored documents.
 * 2: headings stay with their text, lists and tables keep their lines, tables their header.
 */
export const CHUNKER_VERSION = 2;

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
      if (size > 0 && size + piece.text.length > limit) {
        // Headings that close a full page move with the text they introduce.
        const trailing: Block[] = [];
        while (current.length > 0 && current[current.length - 1]?.heading) trailing.unshift(current.pop()!);
        if (current.length > 0) {
          flush();
          current = trailing;
          size = trailing.reduce((sum, heading) => sum + heading.text.length + 2, 0);
        } else current = trailing;
      }
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
          // Pieces of one paragraph stay one paragraph; a piece that starts a line (a list item) keeps its line.
          const joiner = startsLine(block.text, unit) ? '\n' : ' ';
          parts[parts.length - 1] = `${parts[parts.length - 1]}${joiner}${unit}`;
          size += 1 + unit.length;
        } else {
          parts.push(unit);
          size += (size > 0 ? 2 : 0) + unit.length;
        }
        hasBody = true;
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
  const pieces: string[] = [];
  let current = '';
  // Lines stay lines (list items, table rows); sentences of one line are joined with a space.
  for (const line of text.split(/\n+/)) {
    if (line.trim() === '') continue;
    // A line that fits in a piece of its own is not cut.
    if (line.length <= maxChars) {
      if (current !== '' && current.length + 1 + line.length > maxChars) {
        pieces.push(current);
        current = '';
      }
      current = current === '' ? line : `${current}\n${line}`;
      continue;
    }
    const sentences = line.split(/(?<=[.!?;:])\s+/).filter((sentence) => sentence.trim() !== '');
    sentences.forEach((sentence, sentenceIndex) => {
      const parts = sentence.length <= maxChars ? [sentence] : splitAtSpaces(sentence, maxChars);
      parts.forEach((part, partIndex) => {
        const joiner = sentenceIndex === 0 && partIndex === 0 ? '\n' : ' ';
        if (current === '') current = part;
        else if (current.length + 1 + part.length <= maxChars) current = `${current}${joiner}${part}`;
        else {
          pieces.push(current);
          current = part;
        }
      });
    });
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/** Whether a piece of a long block begins one of the block's lines. */
function startsLine(block: string, piece: string): boolean {
  const at = block.indexOf(piece);
  return at > 0 && block[at - 1] === '\n';
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

/**
 * What the next chunk repeats of this one: the last sentence of prose (or its last words); for a
 * table cut in two, its header row, so the rows that follow keep their column labels. A list item
 * is not repeated.
 */
function overlapTail(text: string, maxChars: number): string {
  const lines = text.split('\n');
  const lastLine = (lines[lines.length - 1] ?? '').trim();
  if (lastLine.startsWith('|')) return tableHeader(lines, maxChars);
  if (/^(?:[-*+•]|\d+[.)])\s/.test(lastLine)) return '';
  // Prose: its last paragraph, whose lines may be a PDF's wrapped lines of one sentence.
  const lastParagraph = text.slice(text.lastIndexOf('\n\n') + 1).trim();
  const last = lastSentence(lastParagraph);
  if (last === text.trim()) return '';
  if (last.length > 0 && last.length <= maxChars) return last;
  const tail = lastParagraph.slice(-maxChars);
  const space = tail.indexOf(' ');
  return space >= 0 ? tail.slice(space + 1).trim() : '';
}

/** The last sentence of a paragraph, as written: never cut after an abbreviation ("… art. | 4 LBA:"). */
function lastSentence(paragraph: string): string {
  const ends = [...paragraph.matchAll(/[.!?;:]\s+/g)];
  for (const end of ends.toReversed()) {
    if (endsWithAbbreviation(paragraph.slice(0, end.index + 1))) continue;
    return paragraph.slice(end.index + end[0].length).trim();
  }
  return paragraph;
}

/** The header and separator rows of the table the text ends with, if it has them. */
function tableHeader(lines: string[], maxChars: number): string {
  let first = lines.length - 1;
  while (first > 0 && (lines[first - 1] ?? '').trim().startsWith('|')) first -= 1;
  const [header = '', rule = ''] = lines.slice(first, first + 2).map((line) => line.trim());
  const isRule = /^\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?$/.test(rule);
  return isRule && header.length + 1 + rule.length <= maxChars && first + 1 < lines.length - 1
    ? `${header}\n${rule}`
    : '';
}
