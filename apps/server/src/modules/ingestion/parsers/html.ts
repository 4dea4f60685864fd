/**
 * HTML to blocks with html-to-text: scripts, styles, images and forms are dropped, links keep
 * their text only, headings h1–h6 become heading blocks, table rows become "cell | cell" lines.
 * Used for HTML files and for the HTML mammoth makes of a DOCX.
 */
import { convert } from 'html-to-text';
import type { FormatCallback, HtmlToTextOptions } from 'html-to-text';
import type { Block } from '../chunking.ts';
import { createTextBudget } from '../bounds.ts';
import type { ExtractionLimits } from '../limits.ts';
import { normalizeLine } from '../text.ts';

/** Private-use characters that cannot occur in normalised text, used to mark headings in the output. */
const HEADING_START = '\ue000';
const HEADING_END = '\ue001';
const MAX_HTML_CHARS = 64 * 1024 * 1024;

const heading: FormatCallback = (element, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addLiteral(HEADING_START);
  walk(element.children, builder);
  builder.addLiteral(HEADING_END);
  builder.closeBlock({ trailingLineBreaks: 2 });
};

const tableRow: FormatCallback = (element, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 1 });
  walk(element.children, builder);
  builder.closeBlock({ trailingLineBreaks: 1 });
};

const tableCell: FormatCallback = (element, walk, builder) => {
  walk(element.children, builder);
  builder.addLiteral(' | ');
};

const options: HtmlToTextOptions = {
  wordwrap: false,
  preserveNewlines: false,
  limits: { maxInputLength: MAX_HTML_CHARS },
  formatters: { heading, tableRow, tableCell },
  selectors: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, format: 'heading' })),
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'noscript', format: 'skip' },
    { selector: 'template', format: 'skip' },
    { selector: 'svg', format: 'skip' },
    { selector: 'iframe', format: 'skip' },
    { selector: 'object', format: 'skip' },
    { selector: 'head', format: 'skip' },
    { selector: 'button', format: 'skip' },
    { selector: 'select', format: 'skip' },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'tableRow' },
    { selector: 'td', format: 'tableCell' },
    { selector: 'th', format: 'tableCell' },
    { selector: 'ul', options: { itemPrefix: '• ' } },
  ],
};

export interface HtmlParseResult {
  blocks: Block[];
  /** The <title>, if any. */
  title: string | null;
  warnings: string[];
}

export function parseHtml(html: string, limits: Pick<ExtractionLimits, 'maxTextChars'>): HtmlParseResult {
  const warnings: string[] = [];
  if (html.length > MAX_HTML_CHARS) warnings.push('The document was truncated: it is too long to read completely.');
  const titleMatch = /<title[^>]*>([\s\S]{0,2000}?)<\/title>/i.exec(html.slice(0, 100_000));
  const title = titleMatch ? normalizeLine(convert(titleMatch[1] ?? '', { wordwrap: false })) || null : null;
  const source = flattenCellParagraphs(html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html);
  const text = convert(source, options);
  createTextBudget(limits).add(text.length);
  return { blocks: textToBlocks(text), title, warnings };
}

function textToBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const trimmed = paragraph.trim();
    if (trimmed === '') continue;
    const start = trimmed.indexOf(HEADING_START);
    if (start >= 0) {
      const end = trimmed.indexOf(HEADING_END, start);
      const before = trimmed.slice(0, start).trim();
      const inner = trimmed.slice(start + 1, end < 0 ? undefined : end);
      const after = end < 0 ? '' : trimmed.slice(end + 1).trim();
      if (before !== '') blocks.push({ text: before });
      if (normalizeLine(inner) !== '') blocks.push({ text: inner, heading: true });
      if (after !== '') blocks.push(...textToBlocks(after));
      continue;
    }
    blocks.push({ text: trimmed.replace(/ \| $/gm, '').replace(/ \|$/gm, '') });
  }
  return blocks;
}

/** Word (via mammoth) puts every cell's text in a paragraph; inside a cell it must not break the row. */
function flattenCellParagraphs(html: string): string {
  return html.replace(
    /(<t[dh]\b[^>]*>)([\s\S]*?)(<\/t[dh]>)/gi,
    (_match, open: string, inner: string, close: string) => {
      return open + inner.replace(/<\/?p\b[^>]*>/gi, ' ') + close;
    },
  );
}
