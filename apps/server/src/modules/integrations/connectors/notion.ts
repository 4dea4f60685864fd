import { APIResponseError, Client, RequestTimeoutError } from '@notionhq/client';
import type { NotionSettings as SharedNotionSettings } from '@compliance/shared/integrations';
import type { PhrasingContent, RootContent } from 'mdast';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  httpStatusError,
  toConnectorError,
  type RemoteFile,
  type StorageConnector,
} from './connector.ts';
import { waitingOutRateLimits } from './http.ts';
import { parseMarkdown, plainText } from './markdown.ts';

type NotionSettings = Pick<SharedNotionSettings, 'parentId'>;

/** The API version the calls below are written for (the SDK's 4.x default). */
const NOTION_VERSION = '2022-06-28';
/** Notion's limits: 100 results a page, 100 blocks an append, 2000 characters a text object. */
const PAGE_SIZE = 100;
const MAX_BLOCKS_PER_APPEND = 100;
const MAX_TEXT_CHARS = 2000;
/** How deep nested blocks (toggles, list items) are read; deeper ones are left out. */
const MAX_DEPTH = 3;
/** A page's blocks read at most: a page is a document, not a database dump. */
const MAX_BLOCKS_READ = 5000;
/** Notion's export names a page `Title <32 hex digits>.md`; so do the synced paths (titles are not unique). */
const PATH_ID = /(?:^|\s)([0-9a-f]{32})\.md$/i;
const FILE_NAME_UNSAFE = /[%/\\:*?"<>|]/g;

interface RichText {
  plain_text: string;
  href: string | null;
  annotations?: { bold?: boolean; italic?: boolean; strikethrough?: boolean; code?: boolean };
}

interface Block {
  id: string;
  type: string;
  has_children: boolean;
  [type: string]: unknown;
}

interface PageSummary {
  id: string;
  title: string;
  lastEdited: string;
}

/**
 * Notion as a storage folder, through the official SDK (`@notionhq/client` 4.x, API version 2022-06-28) with
 * `outbound.fetch` as its fetch, so the private-network guard applies. The synced set is a database's pages
 * (`POST /v1/databases/{id}/query`, cursor paging) or a page's child pages (`GET /v1/blocks/{id}/children`,
 * blocks of type `child_page`) — which one the id names is found by asking for the database first. A page is read
 * as Markdown from its blocks (`GET /v1/blocks/{id}/children`, nested blocks to three levels), with
 * `last_edited_time` as its version (Notion rounds it to the minute: two edits within a minute look like one until
 * the next). A saved answer becomes a page in the database or under the page (`POST /v1/pages`, further blocks by
 * `PATCH /v1/blocks/{id}/children`); one of the same title is archived first, as a file of the same name is
 * replaced. Signed in with an internal integration's token, shared with the database or page in Notion.
 */
export function createNotionConnector(
  settings: NotionSettings,
  token: string,
  outbound: Outbound,
  options: { apiUrl?: string } = {},
): StorageConnector {
  const baseUrl = options.apiUrl ?? 'https://api.notion.com';
  outbound.checkUrl(baseUrl);
  const parentId = normaliseId(settings.parentId);
  const client = new Client({
    auth: token,
    baseUrl,
    notionVersion: NOTION_VERSION,
    // The SDK (4.x) does not wait out rate limits itself: a short Retry-After is waited out here.
    fetch: waitingOutRateLimits(outbound.fetch) as unknown as NonNullable<
      NonNullable<ConstructorParameters<typeof Client>[0]>['fetch']
    >,
    // The SDK logs failed calls as warnings to the console; the connector reports them itself.
    logger: () => undefined,
  });
  let parentKind: Promise<{ kind: 'database'; titleProperty: string } | { kind: 'page' }> | null = null;

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw notionError(error);
    }
  }

  /** Whether the id is a database (and its title property's name) or a page. */
  function parent() {
    parentKind ??= guarded(async () => {
      try {
        const database = (await client.databases.retrieve({ database_id: parentId })) as {
          properties?: Record<string, { type?: string }>;
        };
        const titleProperty = Object.entries(database.properties ?? {}).find(([, value]) => value.type === 'title');
        return { kind: 'database' as const, titleProperty: titleProperty?.[0] ?? 'Name' };
      } catch (error) {
        if (!(error instanceof APIResponseError && error.code === 'object_not_found')) throw error;
        await client.pages.retrieve({ page_id: parentId });
        return { kind: 'page' as const };
      }
    }).catch((error: unknown) => {
      parentKind = null;
      throw error;
    });
    return parentKind;
  }

  async function pages(limit: number): Promise<PageSummary[]> {
    const where = await parent();
    const found: PageSummary[] = [];
    let cursor: string | undefined;
    do {
      if (where.kind === 'database') {
        const answer = await guarded(() =>
          client.databases.query({ database_id: parentId, page_size: PAGE_SIZE, start_cursor: cursor }),
        );
        for (const page of answer.results as {
          id: string;
          last_edited_time?: string;
          archived?: boolean;
          properties?: Record<string, { type?: string; title?: RichText[] }>;
        }[]) {
          if (page.archived || !page.last_edited_time) continue;
          const title = Object.values(page.properties ?? {}).find((property) => property.type === 'title')?.title ?? [];
          found.push({ id: page.id, title: richPlain(title), lastEdited: page.last_edited_time });
        }
        cursor = answer.has_more ? (answer.next_cursor ?? undefined) : undefined;
      } else {
        const answer = await guarded(() =>
          client.blocks.children.list({ block_id: parentId, page_size: PAGE_SIZE, start_cursor: cursor }),
        );
        for (const block of answer.results as (Block & { last_edited_time?: string; archived?: boolean })[]) {
          if (block.type !== 'child_page' || block.archived || !block.last_edited_time) continue;
          const title = (block.child_page as { title?: string } | undefined)?.title ?? '';
          found.push({ id: block.id, title, lastEdited: block.last_edited_time });
        }
        cursor = answer.has_more ? (answer.next_cursor ?? undefined) : undefined;
      }
    } while (cursor && found.length <= limit);
    return found;
  }

  /** A block's children, and theirs to MAX_DEPTH, as Markdown lines. */
  async function blocksMarkdown(blockId: string, depth: number, budget: { left: number }): Promise<string[]> {
    const lines: string[] = [];
    let cursor: string | undefined;
    let numbered = 0;
    do {
      const answer = await guarded(() =>
        client.blocks.children.list({ block_id: blockId, page_size: PAGE_SIZE, start_cursor: cursor }),
      );
      for (const block of answer.results as Block[]) {
        if (budget.left-- <= 0) return lines;
        numbered = block.type === 'numbered_list_item' ? numbered + 1 : 0;
        const own = blockMarkdown(block, numbered);
        if (own !== null) lines.push(own);
        if (block.has_children && depth < MAX_DEPTH && block.type !== 'child_page' && block.type !== 'child_database') {
          const children = await blocksMarkdown(block.id, depth + 1, budget);
          const listLike = /list_item|to_do|toggle/.test(block.type);
          lines.push(...children.map((line) => (listLike ? `    ${line}` : line)));
        }
      }
      cursor = answer.has_more ? (answer.next_cursor ?? undefined) : undefined;
    } while (cursor);
    return lines;
  }

  return {
    describe: () => `${new URL(baseUrl).host}/${parentId}`,

    async check() {
      if ((await pages(1)).length === 0) {
        throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${parentId} has no pages the integration may read`);
      }
    },

    async list(limit) {
      const files: RemoteFile[] = (await pages(limit)).map((page) => ({
        path: `${(page.title.trim() || 'Untitled').replace(FILE_NAME_UNSAFE, (char) => encodeURIComponent(char))} ${page.id.replaceAll('-', '')}.md`,
        version: page.lastEdited,
        size: 0,
        contentType: 'text/markdown',
      }));
      return files.sort((a, b) => a.path.localeCompare(b.path)).slice(0, limit + 1);
    },

    async read(relative, maxBytes) {
      const match = PATH_ID.exec(relative);
      if (!match) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `no Notion page id in ${relative}`);
      const title = decodeURIComponent(relative.slice(0, match.index).trim());
      const lines = await blocksMarkdown(normaliseId(match[1]!), 1, { left: MAX_BLOCKS_READ });
      const markdown = `# ${title}\n\n${lines.join('\n\n').replace(/\n{3,}/g, '\n\n')}\n`;
      const bytes = new TextEncoder().encode(markdown);
      if (bytes.byteLength > maxBytes) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
      }
      return bytes;
    },

    async write(relative, content, _contentType) {
      const title = (relative.split('/').pop() ?? relative).replace(/\.md$/i, '').trim() || 'Answer';
      const where = await parent();
      for (const page of await pages(Infinity)) {
        if (page.title === title) await guarded(() => client.pages.update({ page_id: page.id, archived: true }));
      }
      const blocks = markdownToBlocks(content);
      const titleText = [{ type: 'text' as const, text: { content: title.slice(0, MAX_TEXT_CHARS) } }];
      const created = await guarded(() =>
        client.pages.create(
          (where.kind === 'database'
            ? {
                parent: { database_id: parentId },
                properties: { [where.titleProperty]: { title: titleText } },
                children: blocks.slice(0, MAX_BLOCKS_PER_APPEND),
              }
            : {
                parent: { page_id: parentId },
                properties: { title: { title: titleText } },
                children: blocks.slice(0, MAX_BLOCKS_PER_APPEND),
              }) as Parameters<typeof client.pages.create>[0],
        ),
      );
      for (let start = MAX_BLOCKS_PER_APPEND; start < blocks.length; start += MAX_BLOCKS_PER_APPEND) {
        await guarded(() =>
          client.blocks.children.append({
            block_id: created.id,
            children: blocks.slice(start, start + MAX_BLOCKS_PER_APPEND) as Parameters<
              typeof client.blocks.children.append
            >[0]['children'],
          }),
        );
      }
    },
  };
}

/** An id as typed: a UUID with or without hyphens, or a Notion link ending in one. */
function normaliseId(value: string): string {
  const hex = /([0-9a-f]{32})(?:[?#].*)?$/i.exec(value.replaceAll('-', ''))?.[1] ?? value;
  return hex.length === 32
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`.toLowerCase()
    : value;
}

function notionError(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  if (error instanceof RequestTimeoutError) return new ConnectorError('INTEGRATION_UNREACHABLE', 'timed out');
  if (APIResponseError.isAPIResponseError(error)) {
    const detail = `Notion answered ${error.status} (${error.code}): ${error.message}`.slice(0, 300);
    if (error.code === 'object_not_found') {
      // Notion says "not found" for what the integration was not shared with, too.
      return new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${detail} (is the page shared with the integration?)`);
    }
    const retryAfter = (error.headers as { get?: (name: string) => string | null }).get?.('retry-after') ?? null;
    return httpStatusError(error.status, detail, retryAfter);
  }
  return toConnectorError(error);
}

// ---- blocks → Markdown ----

function richPlain(texts: RichText[]): string {
  return texts.map((text) => text.plain_text).join('');
}

function richMarkdown(texts: RichText[] | undefined): string {
  return (texts ?? [])
    .map((text) => {
      const annotations = text.annotations ?? {};
      let value = annotations.code ? `\`${text.plain_text}\`` : text.plain_text.replace(/([\\`*_[\]<>])/g, '\\$1');
      if (annotations.bold) value = `**${value}**`;
      if (annotations.italic) value = `*${value}*`;
      if (annotations.strikethrough) value = `~~${value}~~`;
      return text.href ? `[${value}](${text.href})` : value;
    })
    .join('');
}

function blockMarkdown(block: Block, number: number): string | null {
  const data = (block[block.type] ?? {}) as {
    rich_text?: RichText[];
    checked?: boolean;
    language?: string;
    title?: string;
    url?: string;
    cells?: RichText[][];
  };
  const text = richMarkdown(data.rich_text);
  switch (block.type) {
    case 'paragraph':
      return text;
    case 'heading_1':
      return `## ${text}`;
    case 'heading_2':
      return `### ${text}`;
    case 'heading_3':
      return `#### ${text}`;
    case 'bulleted_list_item':
    case 'toggle':
      return `- ${text}`;
    case 'numbered_list_item':
      return `${number}. ${text}`;
    case 'to_do':
      return `- [${data.checked ? 'x' : ' '}] ${text}`;
    case 'quote':
    case 'callout':
      return `> ${text}`;
    case 'code':
      return `\`\`\`${data.language && data.language !== 'plain text' ? data.language : ''}\n${richPlain(data.rich_text ?? [])}\n\`\`\``;
    case 'divider':
      return '---';
    case 'child_page':
      return `**${data.title ?? ''}**`;
    case 'bookmark':
    case 'embed':
    case 'link_preview':
      return data.url ? `<${data.url}>` : null;
    case 'table_row':
      return `| ${(data.cells ?? []).map((cell) => richMarkdown(cell).replaceAll('|', '\\|')).join(' | ')} |`;
    default:
      return null;
  }
}

// ---- Markdown → blocks ----

type NotionRichText = {
  type: 'text';
  text: { content: string; link?: { url: string } | null };
  annotations?: { bold?: boolean; italic?: boolean; strikethrough?: boolean; code?: boolean };
};
type NotionBlock = Record<string, unknown> & { object: 'block'; type: string };

function richText(
  nodes: PhrasingContent[],
  marks: NotionRichText['annotations'] = {},
  link?: string,
): NotionRichText[] {
  const out: NotionRichText[] = [];
  const push = (content: string, annotations: NotionRichText['annotations'], url?: string) => {
    for (let start = 0; start < content.length; start += MAX_TEXT_CHARS) {
      out.push({
        type: 'text',
        text: { content: content.slice(start, start + MAX_TEXT_CHARS), ...(url ? { link: { url } } : {}) },
        annotations,
      });
    }
  };
  for (const node of nodes) {
    if (node.type === 'text') push(node.value.replace(/\n/g, ' '), marks, link);
    else if (node.type === 'inlineCode') push(node.value, { ...marks, code: true }, link);
    else if (node.type === 'break') push('\n', marks, link);
    else if (node.type === 'strong') out.push(...richText(node.children, { ...marks, bold: true }, link));
    else if (node.type === 'emphasis') out.push(...richText(node.children, { ...marks, italic: true }, link));
    else if (node.type === 'delete') out.push(...richText(node.children, { ...marks, strikethrough: true }, link));
    else if (node.type === 'link') {
      const url = /^(https?|mailto):/i.test(node.url) ? node.url : undefined;
      out.push(...richText(node.children, marks, url ?? link));
    } else if (node.type === 'image') push(node.alt ?? '', marks, link);
    else if (node.type === 'html') push(node.value, marks, link);
    else if ('children' in node) out.push(...richText(node.children as PhrasingContent[], marks, link));
  }
  return out;
}

function block(type: string, content: Record<string, unknown>): NotionBlock {
  return { object: 'block', type, [type]: content };
}

/** Markdown as Notion blocks: headings, paragraphs, lists (two levels, as one request allows), quotes, code, rules, tables. */
export function markdownToBlocks(markdown: string): NotionBlock[] {
  const convert = (node: RootContent, depth: number): NotionBlock[] => {
    switch (node.type) {
      case 'heading':
        return [block(`heading_${Math.min(node.depth, 3)}`, { rich_text: richText(node.children) })];
      case 'paragraph':
        return [block('paragraph', { rich_text: richText(node.children) })];
      case 'thematicBreak':
        return [block('divider', {})];
      case 'code':
        return [
          block('code', {
            rich_text: [{ type: 'text', text: { content: node.value.slice(0, MAX_TEXT_CHARS) } }],
            language: 'plain text',
          }),
        ];
      case 'blockquote':
        return [block('quote', { rich_text: richText([{ type: 'text', value: plainText(node) }]) })];
      case 'list':
        return node.children.map((item) => {
          const [first, ...rest] = item.children;
          const text = first?.type === 'paragraph' ? richText(first.children) : [];
          const children =
            depth < 2
              ? (first?.type === 'paragraph' ? rest : item.children).flatMap((child) => convert(child, depth + 1))
              : [];
          const type =
            item.checked !== null && item.checked !== undefined
              ? 'to_do'
              : node.ordered
                ? 'numbered_list_item'
                : 'bulleted_list_item';
          return block(type, {
            rich_text: text,
            ...(type === 'to_do' ? { checked: item.checked === true } : {}),
            ...(children.length ? { children } : {}),
          });
        });
      case 'table': {
        const width = Math.max(...node.children.map((row) => row.children.length), 1);
        return [
          block('table', {
            table_width: width,
            has_column_header: true,
            has_row_header: false,
            children: node.children.map((row) =>
              block('table_row', {
                cells: Array.from({ length: width }, (_, index) => richText(row.children[index]?.children ?? [])),
              }),
            ),
          }),
        ];
      }
      case 'html':
        return [block('paragraph', { rich_text: richText([{ type: 'text', value: node.value }]) })];
      default:
        return [];
    }
  };
  return parseMarkdown(markdown).children.flatMap((node) => convert(node, 1));
}
