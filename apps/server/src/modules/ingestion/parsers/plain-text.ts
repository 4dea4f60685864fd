import type { Block } from '../chunking.ts';

/** Plain text: paragraphs are separated by blank lines; no headings. */
export function parsePlainText(text: string): Block[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => ({ text: paragraph }));
}
