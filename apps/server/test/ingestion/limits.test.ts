// What one file may become is bounded while it is read: a file past a bound fails with its own
// code, however small it is on disk (a deflate bomb) and whatever its archive declares.
import { afterAll, describe, expect, it } from 'vitest';
import { extractInThread } from '../../src/modules/ingestion/extract-in-thread.ts';
import { IngestionError } from '../../src/modules/ingestion/extracted-document.ts';
import { createDocumentExtractor } from '../../src/modules/ingestion/ingestion.service.ts';
import { defaultExtractionLimits, type ExtractionLimits } from '../../src/modules/ingestion/limits.ts';
import { englishParagraph, makeDocx, makePdf, utf8 } from './fixtures.ts';

async function failure(bytes: Uint8Array, fileName: string, limits: Partial<ExtractionLimits> = {}) {
  const result = await extractInThread(bytes, { fileName }, { ...defaultExtractionLimits, ...limits }).catch(
    (error: unknown) => error,
  );
  expect(result).toBeInstanceOf(IngestionError);
  return (result as IngestionError).code;
}

// Prose without commas, so the content check reads it as text, not as CSV.
const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, i) => `${i + 1}. ${englishParagraph.replaceAll(',', '')}`);

describe('bounds on what a file becomes', () => {
  const extractor = createDocumentExtractor({ limits: { maxTextChars: 5_000 } });
  afterAll(() => extractor.close());

  it('refuses a 30 MB Word document packed into a few kilobytes before mammoth reads it', async () => {
    const paragraph = '<w:p><w:r><w:t>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</w:t></w:r></w:p>';
    const xml = utf8(
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
        paragraph.repeat(Math.ceil((30 * 1024 * 1024) / paragraph.length)) +
        '</w:body></w:document>',
    );
    const bomb = makeDocx([], xml);
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    expect(await failure(bomb, 'bomb.docx')).toBe('FILE_TOO_COMPLEX');
  });

  it('fails a Word document with more text than the limit', async () => {
    const docx = makeDocx(paragraphs(40));
    expect(await failure(docx, 'long.docx', { maxTextChars: 5_000 })).toBe('FILE_TOO_LONG');
    const fine = await extractInThread(docx, { fileName: 'long.docx' }, defaultExtractionLimits);
    expect(fine.chunks.length).toBeGreaterThan(5);
  });

  it('fails text, Markdown, HTML and CSV files with more text than the limit', async () => {
    const text = paragraphs(40).join('\n\n');
    expect(await failure(utf8(text), 'long.txt', { maxTextChars: 5_000 })).toBe('FILE_TOO_LONG');
    expect(await failure(utf8(`# Title\n\n${text}`), 'long.md', { maxTextChars: 5_000 })).toBe('FILE_TOO_LONG');
    const html = `<!DOCTYPE html><html><body>${paragraphs(40)
      .map((paragraph) => `<p>${paragraph}</p>`)
      .join('')}</body></html>`;
    expect(await failure(utf8(html), 'long.html', { maxTextChars: 5_000 })).toBe('FILE_TOO_LONG');
    // Each row repeats its headers: the text made of a CSV can be far longer than the file.
    const header = Array.from({ length: 20 }, (_, i) => `a rather long column header ${i}`).join(',');
    const rows = Array.from({ length: 50 }, () => Array.from({ length: 20 }, () => '1').join(','));
    const csv = utf8([header, ...rows].join('\n'));
    expect(csv.byteLength).toBeLessThan(5_000);
    expect(await failure(csv, 'wide.csv', { maxTextChars: 5_000 })).toBe('FILE_TOO_LONG');
  });

  it('fails a PDF and a flowing document with more pages than the limit', async () => {
    const pdf = makePdf([['First page'], ['Second page'], ['Third page']]);
    expect(await failure(pdf, 'three.pdf', { maxPages: 2 })).toBe('FILE_TOO_MANY_PAGES');
    expect((await extractInThread(pdf, { fileName: 'three.pdf' }, defaultExtractionLimits)).pages).toHaveLength(3);
    expect(await failure(utf8(paragraphs(40).join('\n\n')), 'long.txt', { maxPages: 2 })).toBe('FILE_TOO_MANY_PAGES');
  });

  it('fails a file that makes more passages than the limit', async () => {
    expect(await failure(utf8(paragraphs(40).join('\n\n')), 'long.txt', { maxChunks: 3 })).toBe(
      'FILE_TOO_MANY_PASSAGES',
    );
  });

  it('applies the bounds in the worker threads the server uses', async () => {
    const error = await extractor
      .extract(utf8(paragraphs(40).join('\n\n')), { fileName: 'long.txt' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'FILE_TOO_LONG' });
  });
});
