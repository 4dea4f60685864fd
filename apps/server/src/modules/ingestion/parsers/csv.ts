/**
 * CSV/TSV with csv-parse: relaxed quotes and column counts, any line ending. Rows are rendered as
 * "header: value" lines so a search for a value finds the row with its meaning; ~100 rows a page.
 */
import { parse } from 'csv-parse/sync';
import type { ParsedPage } from '../chunking.ts';
import { detectDelimiter } from '../detect-type.ts';

export const CSV_ROWS_PER_PAGE = 100;

/** Parses CSV text into records. Throws when the text is not CSV even with relaxed rules. */
export function parseCsvRecords(text: string, delimiter: string): string[][] {
  const base = {
    delimiter,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    bom: true,
  } as const;
  try {
    return parse(text, base);
  } catch {
    // Some exporters escape quotes with a backslash instead of doubling them.
    return parse(text, { ...base, escape: '\\' });
  }
}

export function parseCsv(text: string, hinted: boolean): { pages: ParsedPage[]; warnings: string[] } | null {
  const delimiter = detectDelimiter(text, hinted) ?? ',';
  let records: string[][];
  try {
    records = parseCsvRecords(text, delimiter);
  } catch {
    return null;
  }
  const rows = records.filter((record) => record.some((value) => value.trim() !== ''));
  const [header, ...body] = rows;
  if (!header) return { pages: [], warnings: [] };
  const names = header.map((name, index) => name.trim() || `Column ${index + 1}`);
  const pages: ParsedPage[] = [];
  if (body.length === 0) {
    pages.push({ number: 1, blocks: [{ text: header.join(delimiter === '\t' ? ' ' : `${delimiter} `) }] });
    return { pages, warnings: [] };
  }
  for (let start = 0; start < body.length; start += CSV_ROWS_PER_PAGE) {
    const blocks = body.slice(start, start + CSV_ROWS_PER_PAGE).map((row) => ({ text: renderRow(names, row) }));
    pages.push({ number: pages.length + 1, blocks: blocks.filter((block) => block.text !== '') });
  }
  return { pages, warnings: [] };
}

export function renderRow(names: string[], row: string[]): string {
  const lines: string[] = [];
  row.forEach((value, index) => {
    if (value.trim() === '') return;
    lines.push(`${names[index] ?? `Column ${index + 1}`}: ${value.trim()}`);
  });
  return lines.join('\n');
}
