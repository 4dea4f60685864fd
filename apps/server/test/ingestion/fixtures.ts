/** Small hand-made files for ingestion tests, and where the shared third-party corpus lives. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

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
