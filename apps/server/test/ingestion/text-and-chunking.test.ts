import { describe, expect, it } from 'vitest';
import { buildPagesAndChunks, paginate, splitLongText } from '../../src/modules/ingestion/chunking.ts';
import { classifyText, detectFile } from '../../src/modules/ingestion/detect-type.ts';
import { IngestionError } from '../../src/modules/ingestion/extracted-document.ts';
import { defaultExtractionLimits } from '../../src/modules/ingestion/limits.ts';
import { parseMarkdown } from '../../src/modules/ingestion/parsers/markdown.ts';
import { decodeText, normalizeText } from '../../src/modules/ingestion/text.ts';
import { englishParagraph, germanParagraph } from './fixtures.ts';

describe('decodeText', () => {
  it('honours UTF-8 and UTF-16 byte order marks', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9]))).toEqual({ text: 'hé', encoding: 'utf-8' });
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0xe9, 0x00]))).toEqual({
      text: 'hé',
      encoding: 'utf-16le',
    });
    expect(decodeText(new Uint8Array([0xfe, 0xff, 0x00, 0x68, 0x00, 0xe9]))).toEqual({
      text: 'hé',
      encoding: 'utf-16be',
    });
  });

  it('recognises UTF-16 without a BOM and falls back to Windows-1252 for invalid UTF-8', () => {
    expect(decodeText(new Uint8Array(Buffer.from('Hello world', 'utf16le'))).encoding).toBe('utf-16le');
    expect(decodeText(new Uint8Array([0x47, 0x72, 0xfc, 0x65, 0x7a, 0x69, 0x80]))).toEqual({
      text: 'Grüezi€',
      encoding: 'windows-1252',
    });
  });
});

describe('normalizeText', () => {
  it('removes NUL and control characters and collapses whitespace', () => {
    expect(normalizeText('  a\u0000b\u0007 \t c\r\n\r\n\r\n\r\nd\u200b\u00ade  ')).toBe('ab c\n\nde');
  });
});

describe('detectFile', () => {
  const detect = (text: string, fileName: string) =>
    detectFile(new Uint8Array(Buffer.from(text)), { fileName }, defaultExtractionLimits).type;

  it('decides by content, using the name only to break ties', () => {
    expect(detect('<!DOCTYPE html><html><body><p>Hi</p></body></html>', 'notes.txt')).toBe('html');
    expect(detect('a,b,c\n1,2,3\n4,5,6\n7,8,9\n', 'data.txt')).toBe('csv');
    expect(detect('a;b\n1;2\n', 'data.csv')).toBe('csv');
    expect(detect('# Title\n\n- one\n- two\n\nSee [here](https://example.com).', 'readme.txt')).toBe('markdown');
    expect(detect('Just a few words of text.', 'notes.md')).toBe('markdown');
    expect(detect('Just a few words, of plain text.\nAnother line.', 'report.pdf')).toBe('txt');
  });

  it('rejects binary files whatever their name', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(() => detectFile(png, { fileName: 'scan.pdf' }, defaultExtractionLimits)).toThrow(IngestionError);
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(() => detectFile(elf, { fileName: 'notes.txt' }, defaultExtractionLimits)).toThrow(/UNSUPPORTED_FILE_TYPE/);
    const random = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    expect(() => detectFile(random, { fileName: 'data.csv' }, defaultExtractionLimits)).toThrow(
      /UNSUPPORTED_FILE_TYPE/,
    );
  });

  it('keeps prose with the odd comma as text', () => {
    expect(
      classifyText('Hello, world.\nThis is, indeed, prose.\nNothing tabular here at all.', { fileName: 'a.txt' }),
    ).toBe('txt');
  });
});

describe('markdown', () => {
  it('reads front matter titles, ATX and setext headings, and strips inline markup', () => {
    const parsed = parseMarkdown(
      '---\ntitle: "Front"\n---\n# One #\n\nSome **bold** and [a link](http://x).\n\nTwo\n---\n\ntext',
    );
    expect(parsed.title).toBe('Front');
    expect(parsed.blocks).toEqual([
      { text: 'One', heading: true },
      { text: 'Some bold and a link.' },
      { text: 'Two', heading: true },
      { text: 'text' },
    ]);
  });
});

describe('chunking', () => {
  it('makes chunks of at most 1,200 characters that never cross a page and carry the nearest heading', () => {
    const body = Array.from({ length: 12 }, (_, i) => ({
      text: `${i % 2 ? germanParagraph : englishParagraph} (${i})`,
    }));
    const pages = [
      { number: 1, blocks: [{ text: 'Records', heading: true }, ...body.slice(0, 6)] },
      { number: 2, blocks: [...body.slice(6, 9), { text: 'Supervision', heading: true }, ...body.slice(9)] },
    ];
    const { pages: extracted, chunks } = buildPagesAndChunks(pages);
    expect(extracted.map((page) => page.number)).toEqual([1, 2]);
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    chunks.forEach((chunk, index) => {
      expect(chunk.index).toBe(index);
      expect(chunk.text.length).toBeLessThanOrEqual(1_200);
      expect(chunk.text.trim()).not.toBe('');
      // The chunk is on its page: every paragraph of it is in the page's text.
      const pageText = extracted[chunk.page - 1]?.text ?? '';
      for (const part of chunk.text.split('\n\n')) expect(pageText).toContain(part);
    });
    expect(chunks[0]?.heading).toBe('Records');
    // Page 2 starts under the heading of page 1, until its own heading.
    expect(chunks.find((chunk) => chunk.page === 2)?.heading).toBe('Records');
    expect(chunks.at(-1)?.heading).toBe('Supervision');
    // Chunks that continue a section repeat the end of the previous chunk.
    const second = chunks[1]?.text ?? '';
    const first = chunks[0]?.text ?? '';
    expect(first.endsWith(second.split('\n\n')[0] ?? '---')).toBe(true);
  });

  it('splits a single long paragraph at sentence boundaries, then at spaces', () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    for (const piece of splitLongText(sentences, 200)) {
      expect(piece.length).toBeLessThanOrEqual(200);
      expect(piece.endsWith('.')).toBe(true);
    }
    const word = 'x'.repeat(5_000);
    expect(splitLongText(word, 1_000).every((piece) => piece.length <= 1_000)).toBe(true);
  });

  it('keeps a long list line by line and a section heading with its text, never at the end of a chunk', () => {
    const items = Array.from(
      { length: 9 },
      (_, i) =>
        `${i + 1}. Duty number ${i + 1}: the controller must document this duty in its records, review it every year and train the staff concerned.`,
    ).join('\n');
    const blocks = [
      { text: 'Core duties', heading: true },
      { text: items },
      { text: 'Sanctions', heading: true },
      { text: 'Fines of up to CHF 250,000 are imposed on the natural persons responsible.' },
    ];
    const { chunks } = buildPagesAndChunks(paginate(blocks, 3_000), {
      maxChars: 600,
      targetChars: 400,
      maxOverlapChars: 200,
    });
    for (const chunk of chunks) {
      // Every line of a chunk is a whole list item or a heading or the closing sentence.
      for (const line of chunk.text.split('\n').filter(Boolean))
        expect(line).toMatch(/^(\d\. Duty number \d: .*\.|Core duties|Sanctions|Fines of up to .*)$/);
      expect(chunk.text.trim().endsWith('Sanctions')).toBe(false);
    }
    const sanctions = chunks.find((chunk) => chunk.text.includes('Fines of up to'));
    expect(sanctions?.heading).toBe('Sanctions');
    expect(sanctions?.text.startsWith('Sanctions\n\nFines')).toBe(true);
  });

  it('repeats the last whole sentence of a chunk, never cut after an abbreviation', () => {
    const filler = Array.from({ length: 12 }, (_, i) => `Filler sentence ${i} is about the supervision of banks.`);
    const closing = 'Under Art. 29 para. 2 FINMASA, institutions must report incidents without delay.';
    const paragraphs = [filler.join(' ') + ' ' + closing, ...filler.slice(0, 6)];
    const { chunks } = buildPagesAndChunks([{ number: 1, blocks: paragraphs.map((text) => ({ text })) }], {
      maxChars: 800,
      targetChars: 600,
      maxOverlapChars: 200,
    });
    expect(chunks[1]?.text.startsWith(closing)).toBe(true);
  });

  it('moves a heading that would close a full page to the next page, with its text', () => {
    const pages = paginate(
      [{ text: englishParagraph }, { text: 'Timelines', heading: true }, { text: englishParagraph.repeat(3) }],
      Math.ceil(englishParagraph.length * 1.2),
    );
    const last = (page: (typeof pages)[number] | undefined) => page?.blocks.at(-1);
    expect(pages.some((page) => last(page)?.heading)).toBe(false);
  });

  it('keeps a Markdown table’s header rule, and repeats the header in the next chunk of a long table', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `| Step ${i} | within ${i + 1} days of the event |`);
    const parsed = parseMarkdown(['## Deadlines', '', '| Step | Deadline |', '|---|---|', ...rows].join('\n'));
    const { chunks } = buildPagesAndChunks(paginate(parsed.blocks));
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.text).toContain('| Step | Deadline |\n|---|---|');
  });

  it('drops whitespace-only blocks and paginates flowing text at paragraph boundaries', () => {
    const blocks = Array.from({ length: 30 }, () => ({ text: englishParagraph }));
    const pages = paginate([{ text: ' \u0000 ' }, ...blocks], 3_000);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.map((page) => page.number)).toEqual(pages.map((_, i) => i + 1));
    const { chunks } = buildPagesAndChunks(pages);
    expect(chunks.every((chunk) => chunk.text.trim() !== '')).toBe(true);
  });
});
