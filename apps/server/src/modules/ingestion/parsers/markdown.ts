/**
 * Markdown to blocks: ATX and setext headings become heading blocks, YAML front matter is read for
 * a title and dropped, inline markup (links, images, emphasis, code, HTML tags) is reduced to text.
 */
import type { Block } from '../chunking.ts';
import { normalizeLine } from '../text.ts';

export function parseMarkdown(text: string): { blocks: Block[]; title: string | null } {
  let source = text.replace(/\r\n?/g, '\n');
  let frontMatterTitle: string | null = null;
  const frontMatter = /^---\n([\s\S]{0,20000}?)\n---\s*\n/.exec(source);
  if (frontMatter) {
    const titleLine = /^title:\s*(.+)$/im.exec(frontMatter[1] ?? '');
    if (titleLine) frontMatterTitle = normalizeLine((titleLine[1] ?? '').replace(/^["']|["']$/g, '')) || null;
    source = source.slice(frontMatter[0].length);
  }

  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    const joined = paragraph.join('\n').trim();
    if (joined !== '') blocks.push({ text: joined });
    paragraph = [];
  };

  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (fence !== null) {
      if (line.trimStart().startsWith(fence)) {
        fence = null;
        flush();
      } else paragraph.push(line);
      continue;
    }
    const fenceOpen = /^\s{0,3}(```+|~~~+)/.exec(line);
    if (fenceOpen) {
      flush();
      fence = fenceOpen[1] ?? '```';
      continue;
    }
    const atx = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (atx) {
      flush();
      const heading = inline(atx[1] ?? '');
      if (heading.trim() !== '') blocks.push({ text: heading, heading: true });
      continue;
    }
    const next = lines[i + 1] ?? '';
    if (
      paragraph.length === 0 &&
      line.trim() !== '' &&
      /^\s{0,3}(?:=+|-+)\s*$/.test(next) &&
      !/^\s*[-*+]\s/.test(line)
    ) {
      blocks.push({ text: inline(line), heading: true });
      i++;
      continue;
    }
    if (line.trim() === '' || /^\s{0,3}(?:[-*_]\s*){3,}$/.test(line)) {
      flush();
      continue;
    }
    // A table's separator row is kept: it tells the header row from the data rows.
    if (/^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) {
      paragraph.push(line.trim());
      continue;
    }
    paragraph.push(inline(line.replace(/^\s{0,3}>\s?/, '').replace(/^:\s{1,4}/, '')));
  }
  flush();

  const firstHeading = blocks.find((block) => block.heading)?.text;
  return { blocks, title: frontMatterTitle ?? (firstHeading ? normalizeLine(firstHeading) : null) };
}

function inline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[\s(])([*_])(?=\S)([^*_\n]*?\S)\2(?=[\s).,;:!?]|$)/g, '$1$3')
    .replace(/`([^`]+)`/g, '$1');
}
