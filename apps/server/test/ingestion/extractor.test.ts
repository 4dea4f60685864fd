import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { IngestionError } from '../../src/modules/ingestion/extracted-document.ts';
import { createDocumentExtractor } from '../../src/modules/ingestion/ingestion.service.ts';
import { corpusAvailable, corpusDir, englishParagraph, germanParagraph, makePdf, utf8 } from './fixtures.ts';

const extractor = createDocumentExtractor({ poolSize: 1 });
afterAll(() => extractor.close());

async function failure(promise: Promise<unknown>): Promise<IngestionError> {
  const error = await promise.then(
    () => null,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(IngestionError);
  return error as IngestionError;
}

describe('createDocumentExtractor', () => {
  it('extracts a PDF page by page, with its metadata title and language', async () => {
    const pdf = makePdf(
      [[englishParagraph.slice(0, 90), englishParagraph.slice(90, 180)], ['Second page text here.']],
      {
        title: 'Books and records',
      },
    );
    const document = await extractor.extract(pdf, { fileName: 'upload.bin' });
    expect(document.type).toBe('pdf');
    expect(document.title).toBe('Books and records');
    expect(document.pages.map((page) => page.number)).toEqual([1, 2]);
    expect(document.pages[0]?.text).toContain('The investment adviser must keep');
    expect(document.pages[1]?.text).toBe('Second page text here.');
    expect(document.chunks.map((chunk) => chunk.page)).toEqual([1, 2]);
    expect(document.noText).toBe(false);
    expect(document.timings.totalMs).toBeGreaterThanOrEqual(0);
  });

  it('marks a PDF without text as noText instead of failing', async () => {
    const document = await extractor.extract(makePdf([[]]), { fileName: 'scan.pdf' });
    expect(document).toMatchObject({ type: 'pdf', noText: true, chunks: [], language: null });
    expect(document.pages).toHaveLength(1);
  });

  it('reads text, markdown, HTML and CSV, detecting the language', async () => {
    const text = await extractor.extract(utf8(`${germanParagraph}\n\n${germanParagraph}`), { fileName: 'notiz.txt' });
    expect(text).toMatchObject({ type: 'txt', language: 'de', title: null });

    const markdown = await extractor.extract(
      utf8(`# Recordkeeping\n\n${englishParagraph}\n\n## Retention\n\n${englishParagraph}`),
      {
        fileName: 'rules.md',
      },
    );
    expect(markdown).toMatchObject({ type: 'markdown', language: 'en', title: 'Recordkeeping' });
    expect(markdown.chunks.map((chunk) => chunk.heading)).toEqual(['Recordkeeping', 'Retention']);

    const html = await extractor.extract(
      utf8(
        `<!doctype html><html><head><title>Guide</title><style>p{color:red}</style><script>alert("x")</script></head>` +
          `<body><h2>Obligations</h2><p>${englishParagraph}</p><img src="http://example.com/x.png"></body></html>`,
      ),
      { fileName: 'guide' },
    );
    expect(html).toMatchObject({ type: 'html', title: 'Guide', language: 'en' });
    expect(html.chunks[0]?.heading).toBe('Obligations');
    expect(html.pages[0]?.text).not.toMatch(/alert|color:red|example\.com/);

    const csv = await extractor.extract(utf8('name;country\r\nAlice;CH\r\nBob;"DE; Berlin"\r\n'), {
      fileName: 'people.csv',
    });
    expect(csv.type).toBe('csv');
    expect(csv.pages[0]?.text).toBe('name: Alice\ncountry: CH\n\nname: Bob\ncountry: DE; Berlin');
  });

  it('rejects what it cannot read with a stable code', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect((await failure(extractor.extract(png, { fileName: 'report.pdf' }))).code).toBe('UNSUPPORTED_FILE_TYPE');
    const brokenPdf = utf8('%PDF-1.7\n1 0 obj\n<< /Type /Catalog');
    expect((await failure(extractor.extract(brokenPdf, { fileName: 'x.pdf' }))).code).toBe('FILE_CORRUPT');
  });

  it('times out a slow file, replaces its worker and carries on', async () => {
    const slow = createDocumentExtractor({ poolSize: 1, timeoutMs: 1 });
    try {
      const big = utf8(`# Big\n\n${`${englishParagraph}\n\n`.repeat(20_000)}`);
      const error = await failure(slow.extract(big, { fileName: 'big.md' }));
      expect(error.code).toBe('INGESTION_TIMEOUT');
    } finally {
      await slow.close();
    }
    // The shared extractor still works after others failed.
    expect((await extractor.extract(utf8('still fine'), { fileName: 'a.txt' })).pages[0]?.text).toBe('still fine');
  });

  it('ends a worker that has nothing to do, and starts a new one for the next file', async () => {
    const idle = createDocumentExtractor({ poolSize: 1, idleMs: 0 });
    try {
      expect(idle.liveWorkers()).toBe(0);
      expect((await idle.extract(utf8('first file'), { fileName: 'a.txt' })).pages[0]?.text).toBe('first file');
      await vi.waitFor(() => expect(idle.liveWorkers()).toBe(0), { timeout: 60_000 });
      expect((await idle.extract(utf8('second file'), { fileName: 'b.txt' })).pages[0]?.text).toBe('second file');
    } finally {
      await idle.close();
    }
    expect(idle.liveWorkers()).toBe(0);
  });

  it('stops a file when its signal aborts, and refuses work after close', async () => {
    const local = createDocumentExtractor();
    const controller = new AbortController();
    const pending = local.extract(utf8(`${englishParagraph}\n\n`.repeat(5_000)), {
      fileName: 'a.txt',
      signal: controller.signal,
    });
    controller.abort(new Error('cancelled by the user'));
    await expect(pending).rejects.toThrow('cancelled by the user');
    await local.close();
    await expect(local.extract(utf8('x'), { fileName: 'a.txt' })).rejects.toThrow(/closed/);
  });

  it.skipIf(!corpusAvailable)('parses several files at once on a pool of two workers', async () => {
    const pool = createDocumentExtractor({ poolSize: 2 });
    try {
      const files = ['pdfjs/tracemonkey.pdf', 'docx/tables.docx', 'csv/spectrum_utf8.csv', 'pdfjs/rotation.pdf'];
      const documents = await Promise.all(
        files.map((file) =>
          pool.extract(readFileSync(join(corpusDir, file)), { fileName: file.split('/')[1] ?? file }),
        ),
      );
      expect(documents.map((document) => document.type)).toEqual(['pdf', 'docx', 'csv', 'pdf']);
      expect(documents[0]?.pages).toHaveLength(14);
      expect(documents[1]?.pages[0]?.text).toContain('Top left | Top right');
    } finally {
      await pool.close();
    }
  });
});
