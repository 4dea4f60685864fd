import { endsWithAbbreviation } from '../ingestion/text.ts';

/**
 * A passage cut into the statements an answer can quote: sentences, list items (bullets stay
 * bullets) and table rows made into statements with their column labels. Headings are context,
 * not statements; notes about where the knowledge base's own text comes from are never answer text.
 */

export type UnitKind = 'sentence' | 'item' | 'row';

export interface PassageUnit {
  text: string;
  kind: UnitKind;
  /** Order within the passage. */
  position: number;
  /** For list items and table rows: the sentence that introduces the list, if any. */
  leadIn: string | null;
}

/** Splits one line of prose into sentences. */
export function splitSentences(line: string): string[] {
  const result: string[] = [];
  let buffer = '';
  for (const part of line.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}«"“(¿¡])/u)) {
    buffer = buffer ? `${buffer} ${part}` : part;
    if (endsWithAbbreviation(buffer)) continue;
    result.push(buffer.trim());
    buffer = '';
  }
  if (buffer.trim()) result.push(buffer.trim());
  return result;
}

/** Inline Markdown removed: emphasis, links, images, code. */
export function inlinePlain(value: string): string {
  return value
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_\n]+)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => inlinePlain(cell.trim()));

const isTableRule = (line: string) => /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line);

/** A table row as a statement: "Iran — status: black list; since: 2020." */
export function rowStatement(header: string[], row: string[]): string | null {
  const values = row.map((value) => value.trim());
  const [first, ...rest] = values;
  if (!first || values.every((value) => !value || value === '—' || value === '-')) return null;
  const parts = rest.flatMap((value, index) => {
    if (!value || value === '—' || value === '-') return [];
    const label = header[index + 1]?.trim();
    return [label ? `${label}: ${value}` : value];
  });
  if (parts.length === 0) return first;
  const joined = parts.join('; ');
  return `${first} — ${joined}${/[.!?]$/.test(joined) ? '' : '.'}`;
}

/** Headings of sections that describe the knowledge base's own sources, not the subject. */
const sourceNotesHeading =
  /\b(sources?|quellen?|fonti|références|references|verification|überprüfung|vérification|verifica|disclaimer|haftungsausschluss|avertissement|avvertenza|about this (document|summary))\b/i;

export function isSourceNotesHeading(heading: string | null | undefined): boolean {
  return Boolean(heading && sourceNotesHeading.test(heading));
}

/**
 * The lines a stored passage opens with that are its headings: the chunker puts a section's
 * headings, as plain lines, above its text, and the passage's `heading` is the last of them.
 */
function leadingHeadingLines(lines: string[], heading: string | null | undefined): number {
  if (!heading) return 0;
  const wanted = heading.replace(/\s+/g, ' ').trim();
  for (let index = 0; index < Math.min(lines.length, 8); index += 1) {
    if ((lines[index] ?? '').replace(/\s+/g, ' ').trim() === wanted) return index + 1;
  }
  return 0;
}

/**
 * A passage (Markdown or plain text) as quotable units, in reading order. `heading` is the
 * section it belongs to: the heading lines it opens with are not statements, and a section about
 * the knowledge base's own sources gives none.
 */
export function passageUnits(text: string, heading?: string | null): PassageUnit[] {
  const units: PassageUnit[] = [];
  const add = (unit: Omit<PassageUnit, 'position'>) => {
    const clean = unit.text.trim();
    if (clean.length < 12 || !/\p{L}/u.test(clean)) return;
    units.push({ ...unit, text: clean, position: units.length });
  };
  const allLines = text.split('\n');
  const lines = allLines.slice(leadingHeadingLines(allLines, heading));
  let lastSentence = null as string | null;
  let inSourceNotes = isSourceNotesHeading(heading);
  let paragraph: string[] = [];
  // Prose lines are joined before splitting: PDF text breaks lines in mid-sentence.
  const flush = () => {
    if (paragraph.length === 0) return;
    const prose = inlinePlain(paragraph.join(' '));
    paragraph = [];
    if (inSourceNotes) return;
    for (const sentence of splitSentences(prose)) {
      add({ text: sentence, kind: 'sentence', leadIn: null });
      lastSentence = sentence;
    }
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      inSourceNotes = isSourceNotesHeading(heading[1]);
      lastSentence = null;
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    if (line.trim().startsWith('|')) {
      flush();
      // A table: the first row is the header when a rule follows it.
      const block: string[] = [];
      while (index < lines.length && (lines[index] ?? '').trim().startsWith('|')) {
        block.push(lines[index] ?? '');
        index += 1;
      }
      index -= 1;
      if (inSourceNotes) continue;
      const hasHeader = block.length > 1 && isTableRule(block[1] ?? '');
      const header = hasHeader ? cells(block[0] ?? '') : [];
      const rows = block.slice(hasHeader ? 2 : 0).filter((row) => !isTableRule(row));
      for (const row of rows) {
        const statement = rowStatement(header, cells(row));
        if (statement) add({ text: statement, kind: 'row', leadIn: lastSentence });
      }
      continue;
    }
    const item = /^\s*(?:[-*+•]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      flush();
      if (inSourceNotes) continue;
      const content = inlinePlain(item[1] ?? '');
      add({ text: content, kind: 'item', leadIn: lastSentence?.endsWith(':') ? lastSentence : null });
      continue;
    }
    paragraph.push(line.replace(/^\s*>\s?/, ''));
  }
  flush();
  return units;
}
