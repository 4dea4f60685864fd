import type { OutboundMessage } from './connector.ts';

/**
 * An outbound message as plain text (the journal's record, an e-mail's text part, Matrix's `body`) and
 * as simple HTML (an e-mail's HTML part, Matrix's `formatted_body`). The answer's Markdown is turned into
 * the few elements both understand — paragraphs, headings, lists, bold, italic, code and links — and
 * everything else is escaped, so an answer can never inject markup into a recipient's client.
 */

function sourcesLines(message: OutboundMessage): string[] {
  return message.citations.map(
    (citation) => `[${citation.number}] ${citation.title}${citation.url ? ` — ${citation.url}` : ''}`,
  );
}

/** The text as the journal keeps it: what the recipient read, in plain words. */
export function renderPlain(message: OutboundMessage): string {
  return [message.title, '', message.text, '', ...sourcesLines(message), '', message.footer].join('\n').trim();
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Only web links become anchors (never javascript: or data:). */
function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Inline Markdown (already one line or paragraph of text) as escaped HTML. */
function inline(markdown: string): string {
  // Links first, from the raw text, so their addresses are checked before escaping.
  const parts: string[] = [];
  let rest = markdown;
  const link = /\[([^\]]+)\]\((\S+?)\)/;
  for (let match = link.exec(rest); match; match = link.exec(rest)) {
    parts.push(emphasis(escapeHtml(rest.slice(0, match.index))));
    const href = safeHref(match[2]!);
    const label = emphasis(escapeHtml(match[1]!));
    parts.push(href ? `<a href="${escapeHtml(href)}">${label}</a>` : label);
    rest = rest.slice(match.index + match[0].length);
  }
  parts.push(emphasis(escapeHtml(rest)));
  return parts.join('');
}

function emphasis(escaped: string): string {
  return escaped
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\s][^*]*?)\*(?!\*)/g, '$1<em>$2</em>');
}

/** Block Markdown: paragraphs, headings (as bold lines), bulleted and numbered lists. */
export function markdownToHtml(markdown: string): string {
  const blocks: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push(`<p>${paragraph.map(inline).join('<br>')}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list) blocks.push(`<${list.tag}>${list.items.map((item) => `<li>${item}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    const heading = /^\s*#{1,6}\s+(.*)$/.exec(line);
    if (bullet || numbered) {
      flushParagraph();
      const tag = bullet ? 'ul' : 'ol';
      if (list && list.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push(inline((bullet ?? numbered)![1]!));
    } else if (heading) {
      flushParagraph();
      flushList();
      blocks.push(`<p><strong>${inline(heading[1]!)}</strong></p>`);
    } else if (!line.trim()) {
      flushParagraph();
      flushList();
    } else {
      flushList();
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushList();
  return blocks.join('\n');
}

/** The whole message as HTML: title, the answer, its numbered sources with links, the footer. */
export function renderHtml(message: OutboundMessage): string {
  const sources = message.citations.map((citation) => {
    const href = citation.url ? safeHref(citation.url) : null;
    const title = escapeHtml(citation.title);
    return `<li>[${citation.number}] ${href ? `<a href="${escapeHtml(href)}">${title}</a>` : title}</li>`;
  });
  return [
    `<h3>${escapeHtml(message.title)}</h3>`,
    markdownToHtml(message.text),
    ...(sources.length > 0 ? [`<ul>${sources.join('')}</ul>`] : []),
    ...(message.footer ? [`<p><em>${escapeHtml(message.footer)}</em></p>`] : []),
  ].join('\n');
}
