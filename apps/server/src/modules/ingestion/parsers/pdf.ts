/**
 * PDF text extraction with pdf.js (legacy Node build), text only: no rendering, so images (JBIG2
 * bombs included) are never decoded; no system fonts (pdf.js 6 has no eval path at all), no font faces, no network.
 * Runs inside the ingestion worker thread, never on the server's main thread.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.d.ts';
import type { Block, ParsedPage } from '../chunking.ts';
import { assertPageCount, createTextBudget } from '../bounds.ts';
import { IngestionError } from '../extracted-document.ts';
import type { ExtractionLimits } from '../limits.ts';
import { normalizeLine } from '../text.ts';

import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfJs = typeof PdfJsModule;

let pdfjsPromise: Promise<PdfJs> | null = null;

/** Loads pdf.js once per thread, with its "worker" running in this same thread (we already are one). */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= (async () => {
    const workerSpecifier = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
    const workerModule = (await import(workerSpecifier)) as { WorkerMessageHandler: unknown };
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = workerModule;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return pdfjsPromise;
}

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const cMapUrl = `${join(pdfjsRoot, 'cmaps')}/`;
const standardFontDataUrl = `${join(pdfjsRoot, 'standard_fonts')}/`;

export interface PdfParseResult {
  pages: ParsedPage[];
  title: string | null;
  warnings: string[];
  /** Pages the document declares (may exceed the pages read). */
  declaredPages: number;
}

/** Consecutive unreadable pages after which a page tree is considered bogus (e.g. a fake /Count). */
const MAX_CONSECUTIVE_PAGE_FAILURES = 25;

export async function parsePdf(bytes: Uint8Array, limits: ExtractionLimits): Promise<PdfParseResult> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of typed arrays; give it its own copy.
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    useWasm: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    maxImageSize: 1,
    cMapUrl,
    cMapPacked: true,
    standardFontDataUrl,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw classifyOpenError(error);
  }

  try {
    const warnings: string[] = [];
    const declaredPages = document.numPages;
    // A page tree may claim far more pages than exist: the bound applies to pages actually read.
    const pageCount = Math.min(declaredPages, limits.maxPages + 1);
    const budget = createTextBudget(limits);
    const pages: ParsedPage[] = [];
    let failed = 0;
    let consecutiveFailures = 0;
    for (let number = 1; number <= pageCount; number++) {
      assertPageCount(number, limits);
      let blocks: Block[];
      try {
        const page = await document.getPage(number);
        const content = await page.getTextContent({ includeMarkedContent: false });
        blocks = textItemsToBlocks(content.items as TextItem[]);
        page.cleanup();
      } catch {
        failed++;
        consecutiveFailures++;
        pages.push({ number, blocks: [] });
        if (consecutiveFailures >= MAX_CONSECUTIVE_PAGE_FAILURES && number < pageCount) {
          warnings.push(
            `Stopped after ${consecutiveFailures} unreadable pages in a row (page ${number} of ${declaredPages}).`,
          );
          // Drop the trailing run of empty pages: the page tree claims pages that do not exist.
          pages.splice(pages.length - consecutiveFailures);
          failed -= consecutiveFailures;
          break;
        }
        continue;
      }
      budget.add(blocks.reduce((sum, block) => sum + block.text.length, 0));
      pages.push({ number, blocks });
      consecutiveFailures = 0;
    }
    if (failed > 0) warnings.push(`${failed} page${failed === 1 ? '' : 's'} could not be read.`);
    if (pages.length === 0 && declaredPages > 0)
      throw new IngestionError('FILE_CORRUPT', 'no page of the PDF could be read');
    return { pages, title: await readTitle(document), warnings, declaredPages };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

function classifyOpenError(error: unknown): IngestionError {
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as { message?: string } | null)?.message ?? String(error);
  if (name === 'PasswordException') return new IngestionError('FILE_ENCRYPTED', 'the PDF needs a password to open');
  if (name === 'InvalidPDFException' || name === 'FormatError' || name === 'UnknownErrorException') {
    return new IngestionError('FILE_CORRUPT', `the PDF cannot be read: ${message}`);
  }
  if (error instanceof RangeError) return new IngestionError('FILE_TOO_COMPLEX', `the PDF is too complex: ${message}`);
  return new IngestionError('FILE_CORRUPT', `the PDF cannot be read: ${message}`);
}

async function readTitle(document: {
  getMetadata(): Promise<{ info: unknown; metadata: { get(name: string): unknown } | null }>;
}): Promise<string | null> {
  try {
    const { info, metadata } = await document.getMetadata();
    const candidates = [metadata?.get('dc:title'), (info as { Title?: unknown } | null)?.Title];
    for (const candidate of candidates) {
      if (typeof candidate !== 'string') continue;
      const title = normalizeLine(candidate.replace(/^Microsoft (?:Word|PowerPoint) - /i, '')).slice(0, 500);
      if (title !== '' && !/^(?:untitled|unbenannt|document\d*|\W+)$/i.test(title)) return title;
    }
  } catch {
    // Metadata is optional.
  }
  return null;
}

/**
 * Rebuilds lines and paragraphs from positioned text items: a new line where pdf.js says so or the
 * baseline moves, a paragraph break where the gap between lines is clearly larger than a line,
 * a space between items that are apart on the same line; hyphenated line ends are joined.
 */
export function textItemsToBlocks(items: TextItem[]): Block[] {
  const paragraphs: string[][] = [];
  let lines: string[] = [];
  let line = '';
  let previous: { y: number; end: number; height: number } | null = null;

  const endLine = () => {
    if (line.trim() !== '') lines.push(line.trim());
    line = '';
  };
  const endParagraph = () => {
    endLine();
    if (lines.length > 0) paragraphs.push(lines);
    lines = [];
  };

  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    const [a = 1, b = 0, c = 0, d = 1, x = 0, y = 0] = item.transform as number[];
    const upright = Math.abs(b) < 1e-6 && Math.abs(c) < 1e-6;
    const height = Math.abs(item.height) || Math.abs(d) || Math.abs(a) || 10;
    if (item.str !== '' && previous && upright) {
      const lineHeight = Math.max(previous.height, height);
      const dy = Math.abs(y - previous.y);
      if (dy >= lineHeight * 0.5) {
        endLine();
        if (dy > lineHeight * 1.8) endParagraph();
      } else if (line !== '' && !/\s$/.test(line) && !/^\s/.test(item.str) && x - previous.end > height * 0.15) {
        line += ' ';
      }
    }
    line += item.str;
    if (item.str !== '') previous = upright ? { y, end: x + item.width, height } : null;
    if (item.hasEOL) endLine();
  }
  endParagraph();
  // NFKC folds presentation forms and ligatures (ﬁ, Arabic forms) that PDFs are full of, for search.
  return paragraphs.map((paragraphLines) => ({ text: joinLines(paragraphLines).normalize('NFKC') }));
}

function joinLines(lines: string[]): string {
  let text = '';
  for (const line of lines) {
    if (text === '') text = line;
    else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line)) text = text.slice(0, -1) + line;
    else text += ` ${line}`;
  }
  return text;
}
