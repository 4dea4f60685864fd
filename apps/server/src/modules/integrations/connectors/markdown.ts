import type { Nodes, Parents, PhrasingContent, Root, RootContent, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/**
 * Saved answers are Markdown (GitHub flavour: tables, strike-through); the wikis without Markdown take them in
 * their own markup. The Markdown is parsed once into a syntax tree (mdast, as react-markdown does in the web app)
 * and written out per wiki, rather than converted line by line with patterns.
 */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown.replace(/\r\n?/g, '\n'), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** The text of a node without its markup. */
export function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.type === 'html' ? '' : node.value;
  if (node.type === 'break') return ' ';
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  return '';
}

// ---- MediaWiki wikitext ----

/** Characters that are markup anywhere in wikitext, written as numeric character references in plain text. */
const WIKITEXT_SPECIAL = /[&<>[\]{}|'~_]/g;

function wikiEscape(text: string): string {
  return text.replace(WIKITEXT_SPECIAL, (char) => `&#${char.charCodeAt(0)};`);
}

/** A line must not start with what MediaWiki reads as a list, an indent, a heading, a rule or preformatted text. */
function guardLineStart(line: string): string {
  return line.replace(/^[*#:;=\- !]/, (char) => `&#${char.charCodeAt(0)};`);
}

/** Markdown in MediaWiki's wikitext: headings, emphasis, links, lists, quotes, code, tables, rules. */
export function markdownToWikitext(markdown: string): string {
  const blocks = parseMarkdown(markdown).children.map((node) => wikiBlock(node, ''));
  return `${blocks
    .filter((block) => block !== '')
    .join('\n\n')
    .trim()}\n`;
}

function wikiBlock(node: RootContent, listPrefix: string): string {
  switch (node.type) {
    case 'heading': {
      // A page's title is its first-level heading: `#` becomes `==` (MediaWiki's `=` is the page title's level).
      const marks = '='.repeat(Math.min(node.depth + 1, 6));
      return `${marks} ${wikiInline(node.children)} ${marks}`;
    }
    case 'paragraph':
      return guardLineStart(wikiInline(node.children));
    case 'thematicBreak':
      return '----';
    case 'code':
      return `<pre>${escapeHtml(node.value)}</pre>`;
    case 'blockquote':
      return `<blockquote>\n${node.children.map((child) => wikiBlock(child, '')).join('\n\n')}\n</blockquote>`;
    case 'list': {
      const prefix = listPrefix + (node.ordered ? '#' : '*');
      return node.children
        .map((item) => {
          const [first, ...rest] = item.children;
          const head = first?.type === 'paragraph' ? wikiInline(first.children) : '';
          const task = item.checked === true ? '☑ ' : item.checked === false ? '☐ ' : '';
          const lines = [`${prefix} ${task}${head}`];
          for (const child of first?.type === 'paragraph' ? rest : item.children) {
            if (child.type === 'list') lines.push(wikiBlock(child, prefix));
            // Anything else inside an item continues it on a line of its own (`#:` / `*:`).
            else lines.push(`${prefix}: ${wikiBlock(child, '').replace(/\n/g, ' ')}`);
          }
          return lines.join('\n');
        })
        .join('\n');
    }
    case 'table':
      return wikiTable(node);
    case 'html':
      return wikiEscape(node.value);
    default:
      return 'children' in node ? wikiInline(node.children as PhrasingContent[]) : '';
  }
}

function wikiTable(table: Table): string {
  const lines = ['{| class="wikitable"'];
  table.children.forEach((row, index) => {
    lines.push('|-');
    for (const cell of row.children) lines.push(`${index === 0 ? '!' : '|'} ${wikiInline(cell.children) || ' '}`);
  });
  lines.push('|}');
  return lines.join('\n');
}

function wikiInline(nodes: PhrasingContent[]): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case 'text':
          return wikiEscape(node.value).replace(/\n/g, ' ');
        case 'strong':
          return `'''${wikiInline(node.children)}'''`;
        case 'emphasis':
          return `''${wikiInline(node.children)}''`;
        case 'delete':
          return `<s>${wikiInline(node.children)}</s>`;
        case 'inlineCode':
          return `<code>${wikiEscape(node.value)}</code>`;
        case 'break':
          return '<br />';
        case 'link': {
          const label = wikiInline(node.children);
          // External links only: a bracket or space in the address would end it early.
          const url = node.url.replace(/[\s[\]]/g, (char) => encodeURIComponent(char));
          return /^(https?|ftp|mailto):/i.test(url) ? `[${url} ${label || url}]` : label;
        }
        case 'image':
          return wikiEscape(node.alt ?? '');
        case 'html':
          return wikiEscape(node.value);
        default:
          return 'children' in node ? wikiInline(node.children as PhrasingContent[]) : '';
      }
    })
    .join('');
}

// ---- XHTML (Confluence's storage format) ----

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** Markdown as well-formed XHTML (Confluence's storage format is XHTML; raw HTML in the Markdown stays text). */
export function markdownToXhtml(markdown: string): string {
  return xhtmlChildren(parseMarkdown(markdown));
}

function xhtmlChildren(node: Parents): string {
  return (node.children as Nodes[]).map(xhtmlNode).join('');
}

function xhtmlNode(node: Nodes): string {
  switch (node.type) {
    case 'text':
      return escapeHtml(node.value);
    case 'heading':
      return `<h${node.depth}>${xhtmlChildren(node)}</h${node.depth}>`;
    case 'paragraph':
      return `<p>${xhtmlChildren(node)}</p>`;
    case 'thematicBreak':
      return '<hr />';
    case 'code':
      return `<pre>${escapeHtml(node.value)}</pre>`;
    case 'blockquote':
      return `<blockquote>${xhtmlChildren(node)}</blockquote>`;
    case 'list':
      return node.ordered ? `<ol>${xhtmlChildren(node)}</ol>` : `<ul>${xhtmlChildren(node)}</ul>`;
    case 'listItem': {
      const task = node.checked === true ? '☑ ' : node.checked === false ? '☐ ' : '';
      // A tight list's items hold bare paragraphs: written without <p>, as Confluence's editor does.
      const content = (node.children as Nodes[])
        .map((child) => (child.type === 'paragraph' && node.spread !== true ? xhtmlChildren(child) : xhtmlNode(child)))
        .join('');
      return `<li>${task}${content}</li>`;
    }
    case 'table': {
      const [head, ...rows] = node.children;
      const cells = (row: typeof head, tag: 'th' | 'td') =>
        `<tr>${(row?.children ?? []).map((cell) => `<${tag}>${xhtmlChildren(cell)}</${tag}>`).join('')}</tr>`;
      return `<table><tbody>${cells(head, 'th')}${rows.map((row) => cells(row, 'td')).join('')}</tbody></table>`;
    }
    case 'strong':
      return `<strong>${xhtmlChildren(node)}</strong>`;
    case 'emphasis':
      return `<em>${xhtmlChildren(node)}</em>`;
    case 'delete':
      return `<s>${xhtmlChildren(node)}</s>`;
    case 'inlineCode':
      return `<code>${escapeHtml(node.value)}</code>`;
    case 'break':
      return '<br />';
    case 'link':
      return /^(https?|ftp|mailto):/i.test(node.url)
        ? `<a href="${escapeHtml(node.url)}">${xhtmlChildren(node)}</a>`
        : xhtmlChildren(node);
    case 'image':
      return escapeHtml(node.alt ?? '');
    case 'html':
      return escapeHtml(node.value);
    default:
      return 'children' in node ? xhtmlChildren(node as Parents) : '';
  }
}
