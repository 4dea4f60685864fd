/**
 * CSV as spreadsheets read it (RFC 4180, CRLF). Cells are quoted when they hold a separator (comma, or
 * the semicolon European spreadsheets use), a quote or a line break, and a cell that would start a
 * formula is prefixed with an apostrophe, so an exported value can never run in the reader's
 * spreadsheet. Zod-free.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text, each line ended by CRLF. */
export function csvText(rows: string[][]): string {
  return rows.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}
