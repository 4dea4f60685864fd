/** Small hand-made files for ingestion tests, and where the shared third-party corpus lives. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

const repoRoot = resolve(import.meta.dirname, '../../../..');
export const corpusDir = resolve(repoRoot, '../shared/corpus');
export const corpusAvailable = existsSync(corpusDir);
// On a developer's machine without shared/ the corpus tests skip with a message; in CI they must run.
if (!corpusAvailable && process.env.CI) {
  throw new Error(`CI is set but the ingestion corpus is missing at ${corpusDir}: the corpus tests cannot be skipped`);
}
export const corpusMissingMessage = `ingestion corpus not found at ${corpusDir}: skipping the corpus tests`;

/** A valid one-font PDF with one page per entry of `pages` (each a list of text lines). */
export function makePdf(pages: string[][], options: { title?: string } = {}): Uint8Array {
  const objects: string[] = [];
  const pageCount = pages.length;
  const fontId = 3 + pageCount * 2;
  const infoId = fontId + 1;
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Count ${pageCount} /Kids [${pages.map((_, i) => `${3 + i * 2} 0 R`).join(' ')}] >>`;
  pages.forEach((lines, i) => {
    const pageId = 3 + i * 2;
    const contentId = pageId + 1;
    const body = lines
      .map((line, lineIndex) => `BT /F1 12 Tf 72 ${720 - lineIndex * 16} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`)
      .join('\n');
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${contentId} 0 R >>`;
    objects[contentId] = `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`;
  });
  objects[fontId] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[infoId] = options.title ? `<< /Title (${options.title}) >>` : '<< >>';

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(pdf, 'latin1');
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}

export function utf8(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'utf8'));
}

export const englishParagraph =
  'The investment adviser must keep true, accurate and current books and records relating to its business. ' +
  'These records include a journal of all cash receipts and disbursements, general and auxiliary ledgers, ' +
  'and copies of all written communications received and sent relating to advice and recommendations.';

export const germanParagraph =
  'Die Bank muss ihre Geschäftsbücher ordnungsgemäss führen und während zehn Jahren aufbewahren. ' +
  'Die Aufsichtsbehörde kann jederzeit Einsicht in die Unterlagen verlangen, wenn dies für die Erfüllung ' +
  'ihrer gesetzlichen Aufgaben erforderlich ist und der Schutz der Kunden dies gebietet.';

/** A ZIP archive of deflated entries, honest about their sizes. */
export function makeZip(entries: { name: string; data: Uint8Array }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(entry.data.byteLength, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(entry.data.byteLength, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** A minimal Word document whose body is `paragraphs`, one <w:p> each (or `documentXml` as it is). */
export function makeDocx(paragraphs: string[], documentXml?: string | Uint8Array): Uint8Array {
  const xml =
    documentXml ??
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      paragraphs.map((text) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`).join('') +
      '</w:body></w:document>';
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: utf8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: utf8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
          '</Relationships>',
      ),
    },
    { name: 'word/document.xml', data: typeof xml === 'string' ? utf8(xml) : xml },
  ]);
}
