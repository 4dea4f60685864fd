/**
 * The whole pipeline for one file, run in the current thread: detect → parse → chunk → language.
 * Only the ingestion worker (and benchmarks/tests of the parsers) call this; the server calls
 * createDocumentExtractor, which runs it in a worker thread with time and memory limits.
 */
import { assertPageCount, createTextBudget } from './bounds.ts';
import { buildPagesAndChunks, defaultChunking, paginate } from './chunking.ts';
import type { ParsedPage } from './chunking.ts';
import { detectFile } from './detect-type.ts';
import type { FileHints } from './detect-type.ts';
import type { DocumentType, ExtractedDocument } from './extracted-document.ts';
import { detectLanguage } from './language.ts';
import type { ExtractionLimits } from './limits.ts';
import { defaultExtractionLimits } from './limits.ts';
import { parseCsv } from './parsers/csv.ts';
import { parseDocx } from './parsers/docx.ts';
import { parseHtml } from './parsers/html.ts';
import { parseMarkdown } from './parsers/markdown.ts';
import { parsePdf } from './parsers/pdf.ts';
import { parsePlainText } from './parsers/plain-text.ts';
import { normalizeLine } from './text.ts';

/** Pages of about this many characters for formats without fixed pages. */
const FLOWING_PAGE_CHARS = 3_000;

export async function extractInThread(
  bytes: Uint8Array,
  hints: FileHints,
  limits: ExtractionLimits = defaultExtractionLimits,
): Promise<ExtractedDocument> {
  const started = performance.now();
  const detected = detectFile(bytes, hints, limits);
  const detectMs = performance.now() - started;

  // Plain text formats are as long as their file: refuse an over-long one before parsing it.
  if (detected.type === 'txt' || detected.type === 'csv' || detected.type === 'markdown') {
    createTextBudget(limits).add(detected.text.length);
  }

  const parseStarted = performance.now();
  let type: DocumentType = detected.type;
  let parsedPages: ParsedPage[];
  let title: string | null = null;
  const warnings: string[] = [];
  switch (detected.type) {
    case 'pdf': {
      const pdf = await parsePdf(bytes, limits);
      parsedPages = pdf.pages;
      title = pdf.title;
      warnings.push(...pdf.warnings);
      break;
    }
    case 'docx': {
      const docx = await parseDocx(bytes, detected.entries, limits);
      parsedPages = paginate(docx.blocks, FLOWING_PAGE_CHARS);
      title = docx.title;
      warnings.push(...docx.warnings);
      break;
    }
    case 'csv': {
      const csv = parseCsv(detected.text, true);
      if (csv) {
        parsedPages = csv.pages;
        warnings.push(...csv.warnings);
      } else {
        type = 'txt';
        parsedPages = paginate(parsePlainText(detected.text), FLOWING_PAGE_CHARS);
      }
      break;
    }
    case 'markdown': {
      const markdown = parseMarkdown(detected.text);
      parsedPages = paginate(markdown.blocks, FLOWING_PAGE_CHARS);
      title = markdown.title;
      break;
    }
    case 'html': {
      const html = parseHtml(detected.text, limits);
      parsedPages = paginate(html.blocks, FLOWING_PAGE_CHARS);
      title = html.title ?? html.blocks.find((block) => block.heading)?.text ?? null;
      warnings.push(...html.warnings);
      break;
    }
    case 'txt':
      parsedPages = paginate(parsePlainText(detected.text), FLOWING_PAGE_CHARS);
      break;
  }
  const parseMs = performance.now() - parseStarted;
  // What the parser made (CSV rows repeat their headers, so it can be longer than the file).
  assertPageCount(parsedPages.length, limits);
  createTextBudget(limits).add(
    parsedPages.reduce((sum, page) => sum + page.blocks.reduce((pageSum, block) => pageSum + block.text.length, 0), 0),
  );

  const chunkStarted = performance.now();
  const { pages, chunks } = buildPagesAndChunks(parsedPages, { ...defaultChunking, maxChunks: limits.maxChunks });
  const chunkMs = performance.now() - chunkStarted;

  const languageStarted = performance.now();
  const language = chunks.length > 0 ? await detectLanguage(pages.map((page) => page.text).join('\n\n')) : null;
  const languageMs = performance.now() - languageStarted;

  return {
    type,
    language,
    title: title === null ? null : normalizeLine(title).slice(0, 500) || null,
    // A document always has at least one page, even an empty one.
    pages: pages.length > 0 ? pages : [{ number: 1, text: '' }],
    chunks,
    noText: chunks.length === 0,
    warnings,
    timings: {
      detectMs: round(detectMs),
      parseMs: round(parseMs),
      chunkMs: round(chunkMs),
      languageMs: round(languageMs),
      totalMs: round(performance.now() - started),
    },
  };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
