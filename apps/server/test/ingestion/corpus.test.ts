// THE CORPUS TEST: every file of the shared third-party corpus goes through the extractor without
// crashing or hanging it, and the files known to hurt parsers end the way they should.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IngestionError, ingestionFailureCodes } from '../../src/modules/ingestion/extracted-document.ts';
import type { ExtractedDocument } from '../../src/modules/ingestion/extracted-document.ts';
import { createDocumentExtractor } from '../../src/modules/ingestion/ingestion.service.ts';
import { parseCsvRecords } from '../../src/modules/ingestion/parsers/csv.ts';
import { corpusAvailable, corpusDir, corpusMissingMessage } from './fixtures.ts';

if (!corpusAvailable) console.warn(corpusMissingMessage);

type Outcome = { document: ExtractedDocument; error?: undefined } | { error: IngestionError; document?: undefined };

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function manifest(folder: string): Array<Record<string, string>> {
  const [header, ...rows] = readFileSync(join(corpusDir, folder, 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n');
  const names = (header ?? '').split('\t');
  return rows.map((row) => Object.fromEntries(row.split('\t').map((value, i) => [names[i] ?? `${i}`, value])));
}

const text = (document: ExtractedDocument) => document.pages.map((page) => page.text).join('\n');

describe.skipIf(!corpusAvailable)('ingestion corpus (../shared/corpus)', () => {
  const outcomes = new Map<string, Outcome>();
  const extractor = createDocumentExtractor({ poolSize: 2, timeoutMs: 30_000 });

  beforeAll(async () => {
    const files = listFiles(corpusDir);
    await Promise.all(
      files.map(async (file) => {
        const name = relative(corpusDir, file);
        try {
          const document = await extractor.extract(readFileSync(file), { fileName: file.split('/').pop() ?? file });
          outcomes.set(name, { document });
        } catch (error) {
          // Anything but an IngestionError is a bug: record it so the test below names the file.
          outcomes.set(name, {
            error:
              error instanceof IngestionError
                ? error
                : new IngestionError('FILE_CORRUPT', `NOT AN INGESTION ERROR: ${String(error)}`),
          });
        }
      }),
    );
  }, 110_000);
  afterAll(() => extractor.close());

  const outcome = (name: string): Outcome => {
    const result = outcomes.get(name);
    if (!result) throw new Error(`no outcome for ${name}`);
    return result;
  };
  const document = (name: string): ExtractedDocument => {
    const result = outcome(name);
    if (!result.document) throw new Error(`${name} failed: ${result.error.code} ${result.error.reason}`);
    return result.document;
  };
  const failureCode = (name: string) => outcome(name).error?.code ?? 'ready';

  it('ends every file ready or failed with a code and a reason, never timed out', () => {
    expect(outcomes.size).toBe(listFiles(corpusDir).length);
    for (const [name, result] of outcomes) {
      if (result.error) {
        expect(ingestionFailureCodes, name).toContain(result.error.code);
        expect(result.error.reason, name).not.toMatch(/NOT AN INGESTION ERROR/);
        expect(result.error.reason.length, name).toBeGreaterThan(0);
        expect(result.error.code, name).not.toBe('INGESTION_TIMEOUT');
      } else {
        const { chunks, pages, noText } = result.document;
        expect(pages.length, name).toBeGreaterThan(0);
        expect(noText, name).toBe(chunks.length === 0);
        for (const chunk of chunks) {
          expect(chunk.text.trim(), name).not.toBe('');
          expect(chunk.text.length, name).toBeLessThanOrEqual(1_200);
          expect(
            pages.some((page) => page.number === chunk.page),
            name,
          ).toBe(true);
          // eslint-disable-next-line no-control-regex
          expect(chunk.text, name).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
        }
      }
    }
  });

  it('survives the PDF bombs and cycles', () => {
    expect(text(document('pdfjs/bomb_giant.pdf'))).toContain('GIANT JBIG2 BOMB');
    for (const name of [
      'bug1980958.pdf',
      'poppler-85140-0.pdf',
      'Pages-tree-refs.pdf',
      'ContentStreamCycleType3insideType3.pdf',
    ]) {
      expect(['ready', 'FILE_CORRUPT'], name).toContain(failureCode(`pdfjs/${name}`));
    }
    expect(document('pdfjs/poppler-85140-0.pdf').pages.length).toBeLessThanOrEqual(2_000);
    expect(text(document('pdfjs/Pages-tree-refs.pdf'))).toContain('Pages loop');
    expect(failureCode('pdfjs/issue15590.pdf')).not.toBe('INGESTION_TIMEOUT');
  });

  it('fails malformed PDFs cleanly or recovers them', () => {
    const malformed = manifest('pdfjs').filter((row) => (row.category ?? '').startsWith('malformed'));
    expect(malformed.length).toBeGreaterThan(5);
    for (const row of malformed)
      expect(['ready', 'FILE_CORRUPT'], row.file).toContain(failureCode(`pdfjs/${row.file}`));
    expect(failureCode('pdfjs/bug1020226.pdf')).toBe('FILE_CORRUPT');
    expect(text(document('pdfjs/xref_command_missing.pdf'))).toContain('Reduced test-case');
    expect(document('pdfjs/bug1606566.pdf').type).toBe('pdf');
  });

  it('reports password-protected files as encrypted, or opens them with the empty password', () => {
    const encrypted = manifest('pdfjs').filter((row) => (row.category ?? '').includes('encrypted'));
    expect(encrypted.length).toBeGreaterThan(5);
    for (const row of encrypted)
      expect(['ready', 'FILE_ENCRYPTED', 'FILE_CORRUPT'], row.file).toContain(failureCode(`pdfjs/${row.file}`));
    // These need a user password.
    for (const name of [
      'issue3371.pdf',
      'issue6010_2.pdf',
      'saslprep-r6.pdf',
      'pr6531_1.pdf',
      'encrypted-attachment.pdf',
    ]) {
      expect(failureCode(`pdfjs/${name}`), name).toBe('FILE_ENCRYPTED');
    }
    expect(failureCode('docx/protected_agile.docx')).toBe('FILE_ENCRYPTED');
    expect(failureCode('docx/bug53475-password-is-pass.docx')).toBe('FILE_ENCRYPTED');
  });

  it('keeps scanned PDFs ready without text, and reads text-heavy ones page by page', () => {
    for (const name of ['bitmap-mmr.pdf', 'ccitt_EndOfBlock_false.pdf']) {
      expect(document(`pdfjs/${name}`)).toMatchObject({ type: 'pdf', noText: true, chunks: [] });
    }
    const tracemonkey = document('pdfjs/tracemonkey.pdf');
    expect(tracemonkey.pages).toHaveLength(14);
    expect(tracemonkey.language).toBe('en');
    expect(text(tracemonkey)).toContain('Trace-based Just-in-Time Type Specialization');
    expect(document('pdfjs/pdkids.pdf').pages).toHaveLength(55);
    expect(text(document('pdfjs/copy_paste_ligatures.pdf'))).toContain('ffi');
    expect(text(document('pdfjs/90ms_rksj_h_sample.pdf'))).toContain('日本語');
  });

  it('bounds and sandboxes Word documents', () => {
    expect(failureCode('docx/truncated62886.docx')).toBe('FILE_CORRUPT');
    expect(['FILE_CORRUPT', 'FILE_TOO_COMPLEX']).toContain(
      failureCode('docx/clusterfuzz-testcase-minimized-POIXWPFFuzzer-5313273089884160.docx'),
    );
    expect(failureCode('docx/empty.zip')).toBe('UNSUPPORTED_FILE_TYPE');
    expect(failureCode('docx/tiny-picture.png')).toBe('UNSUPPORTED_FILE_TYPE');
    // The XXE entity is never resolved: the file either fails or has none of the remote page in it.
    const xxe = outcome('docx/ExternalEntityInText.docx');
    if (xxe.document) expect(text(xxe.document)).not.toMatch(/apache|<html/i);
    else expect(xxe.error.code).toBe('FILE_CORRUPT');
    expect(text(document('docx/external-picture.docx'))).not.toMatch(/PNG|base64|tiny-picture/);
    expect(text(document('docx/SimpleMacro.docm'))).toContain('This is a macro word processing document');
    expect(document('docx/empty.docx')).toMatchObject({ type: 'docx', noText: true });
    // Tracked changes read as accepted: insertions in, deletions out.
    expect(text(document('docx/delins.docx'))).toContain('extremely well');
    expect(document('docx/embedded-style-map.docx').chunks[0]?.heading).toBe('Walking on imported air');
    expect(text(document('docx/text-box.docx'))).toContain('Datum plane');
    expect(text(document('docx/strict-format.docx'))).toContain('Test');
    expect(text(document('docx/utf8-bom.docx'))).toContain('This XML has a byte order mark.');
  });

  it('parses the csv-spectrum files to their expected rows', () => {
    const expected = readdirSync(join(corpusDir, 'csv/expected_json'));
    expect(expected.length).toBe(5);
    for (const file of expected) {
      const csvName = file.replace(/\.json$/, '.csv');
      const rows = JSON.parse(readFileSync(join(corpusDir, 'csv/expected_json', file), 'utf8')) as Array<
        Record<string, string>
      >;
      const [header, ...records] = parseCsvRecords(readFileSync(join(corpusDir, 'csv', csvName), 'utf8'), ',');
      const objects = records.map((record) =>
        Object.fromEntries((header ?? []).map((name, i) => [name, record[i] ?? ''])),
      );
      expect(objects, csvName).toEqual(rows);
      const extracted = document(`csv/${csvName}`);
      expect(extracted.type, csvName).toBe('csv');
      for (const row of rows) {
        for (const [key, value] of Object.entries(row)) {
          if (value.trim() !== '')
            expect(text(extracted), csvName).toContain(`${key}: ${value.split(/\r?\n/)[0]?.trim()}`);
        }
      }
    }
    expect(text(document('csv/univocity_utf8-with-bom.csv'))).toMatch(/^Email: /);
    expect(text(document('csv/csvparser_utf16le-bom.csv'))).toContain('c: ʤ');
    expect(text(document('csv/csvparser_mac-newlines.csv'))).toContain('b: 5');
    expect(text(document('csv/univocity_european.csv'))).toContain('Price: 3000,00');
  });

  it('reads the regulatory texts in their language, in many chunks', () => {
    for (const name of readdirSync(join(corpusDir, 'regulatory/ch_federal_acts'))) {
      const act = document(`regulatory/ch_federal_acts/${name}`);
      expect(act, name).toMatchObject({ type: 'pdf', language: 'de', noText: false });
      expect(act.chunks.length, name).toBeGreaterThanOrEqual(10);
    }
    const gwg = document('regulatory/de_federal_acts/GwG_2017_Geldwaeschegesetz_bundestag-gesetze_2022-03.md');
    expect(gwg).toMatchObject({ type: 'markdown', language: 'de' });
    expect(gwg.chunks.length).toBeGreaterThan(100);
    expect(gwg.chunks.some((chunk) => chunk.heading === '§ 1 Begriffsbestimmungen')).toBe(true);
    const advisersAct = document(
      'regulatory/us_code_15_ch2D_subchII/15USC_80b-1_to_80b-21_Investment_Advisers_Act_of_1940.md',
    );
    expect(advisersAct).toMatchObject({ type: 'markdown', language: 'en' });
    expect(advisersAct.chunks.length).toBeGreaterThan(100);
    const books = document('regulatory/us_cfr_17_part275/section-275.204-2.md');
    expect(books).toMatchObject({
      language: 'en',
      title: '§ 275.204-2 Books and records to be maintained by investment advisers.',
    });
  });
});
