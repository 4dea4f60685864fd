import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Notion API stand-in: an HTTP server on 127.0.0.1 that speaks the subset of the API (version 2022-06-28)
 * the wiki connector calls through `@notionhq/client` — `GET /v1/databases/{id}`, `POST /v1/databases/{id}/query`,
 * `GET /v1/pages/{id}`, `PATCH /v1/pages/{id}` (archive), `POST /v1/pages`, `GET /v1/blocks/{id}/children` and
 * `PATCH /v1/blocks/{id}/children`. Notion cannot be reached from here; the SDK's `baseUrl` points at this server.
 *
 * It answers as Notion does: a bearer token and a `Notion-Version` header are required (401 `unauthorized`,
 * 400 `missing_version`), errors are `{ object: "error", status, code, message }`, lists are
 * `{ object: "list", results, next_cursor, has_more }` of at most `page_size` (and at most `pageSize` here, to
 * make paging happen), ids are UUIDs, an id the integration cannot see is 404 `object_not_found`, and — when
 * asked — 429 `rate_limited` with Retry-After.
 */

export interface NotionStandInPage {
  id: string;
  parent: { database_id: string } | { page_id: string };
  title: string;
  lastEditedTime: string;
  archived: boolean;
  /** Blocks as the API returns them (without ids: added when served). */
  blocks: Record<string, unknown>[];
}

export interface NotionStandIn {
  url: string;
  token: string;
  requests: string[];
  addDatabase(title: string): string;
  addPage(page: {
    parent: NotionStandInPage['parent'];
    title: string;
    blocks?: Record<string, unknown>[];
  }): NotionStandInPage;
  /** Replaces a page's blocks and moves its last_edited_time on by a minute (Notion's rounding). */
  editPage(id: string, blocks: Record<string, unknown>[]): void;
  archivePage(id: string): void;
  pages(): NotionStandInPage[];
  rateLimitNext(count: number, seconds: number): void;
  close(): Promise<void>;
}

export function paragraph(text: string, annotations: Record<string, boolean> = {}): Record<string, unknown> {
  return { type: 'paragraph', paragraph: { rich_text: [richText(text, annotations)], color: 'default' } };
}

export function richText(text: string, annotations: Record<string, boolean> = {}, href: string | null = null) {
  return {
    type: 'text',
    text: { content: text, link: href ? { url: href } : null },
    annotations: {
      bold: false,
      italic: false,
      strikethrough: false,
      underline: false,
      code: false,
      color: 'default',
      ...annotations,
    },
    plain_text: text,
    href,
  };
}

export async function startNotionStandIn({ pageSize = 2 } = {}): Promise<NotionStandIn> {
  const token = `ntn_${randomBytes(16).toString('hex')}`;
  const databases = new Map<string, { title: string }>();
  const pages = new Map<string, NotionStandInPage>();
  const requests: string[] = [];
  let clock = Date.parse('2026-11-20T08:00:00.000Z');
  let limited = { count: 0, seconds: 0 };
  const tick = () => {
    clock += 60_000;
    return new Date(clock).toISOString();
  };

  const send = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const failure = (response: http.ServerResponse, status: number, code: string, message: string, headers = {}) =>
    send(response, status, { object: 'error', status, code, message }, headers);

  const listOf = <T>(items: T[], url: URL, body: Record<string, unknown>) => {
    const asked = Number(body.page_size ?? url.searchParams.get('page_size') ?? 100);
    const size = Math.min(asked, 100, pageSize);
    const cursor = (body.start_cursor ?? url.searchParams.get('start_cursor')) as string | null | undefined;
    const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0;
    const more = start + size < items.length;
    return {
      object: 'list',
      results: items.slice(start, start + size),
      next_cursor: more ? Buffer.from(String(start + size)).toString('base64url') : null,
      has_more: more,
      type: 'block',
    };
  };

  const pageJson = (page: NotionStandInPage) => ({
    object: 'page',
    id: page.id,
    created_time: page.lastEditedTime,
    last_edited_time: page.lastEditedTime,
    archived: page.archived,
    in_trash: page.archived,
    parent:
      'database_id' in page.parent ? { type: 'database_id', ...page.parent } : { type: 'page_id', ...page.parent },
    properties:
      'database_id' in page.parent
        ? { Name: { id: 'title', type: 'title', title: [richText(page.title)] } }
        : { title: { id: 'title', type: 'title', title: [richText(page.title)] } },
    url: `https://www.notion.so/${page.id.replaceAll('-', '')}`,
  });

  /** Each block keeps one id for as long as it exists, so that its children can be listed by it. */
  const blockIds = new WeakMap<Record<string, unknown>, string>();
  const blockJson = (content: Record<string, unknown>) => {
    let id = blockIds.get(content);
    if (!id) blockIds.set(content, (id = randomUUID()));
    const { children, ...rest } = content;
    return {
      object: 'block',
      id,
      has_children: Array.isArray(children) && children.length > 0,
      archived: false,
      last_edited_time: new Date(clock).toISOString(),
      ...rest,
    };
  };
  const nested = new Map<string, Record<string, unknown>[]>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (limited.count > 0) {
        limited.count -= 1;
        return failure(response, 429, 'rate_limited', 'You have been rate limited.', {
          'retry-after': String(limited.seconds),
        });
      }
      if (request.headers.authorization !== `Bearer ${token}`) {
        return failure(response, 401, 'unauthorized', 'API token is invalid.');
      }
      if (request.headers['notion-version'] !== '2022-06-28') {
        return failure(response, 400, 'missing_version', 'Notion-Version header failed validation.');
      }
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      const notFound = (id: string) =>
        failure(
          response,
          404,
          'object_not_found',
          `Could not find object with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
        );

      let match = /^\/v1\/databases\/([^/]+)(\/query)?$/.exec(url.pathname);
      if (match) {
        const database = databases.get(match[1]!);
        if (!database) return notFound(match[1]!);
        if (request.method === 'GET' && !match[2]) {
          return send(response, 200, {
            object: 'database',
            id: match[1],
            title: [richText(database.title)],
            properties: { Name: { id: 'title', name: 'Name', type: 'title', title: {} } },
          });
        }
        if (request.method === 'POST' && match[2]) {
          const found = [...pages.values()].filter(
            (page) => 'database_id' in page.parent && page.parent.database_id === match![1] && !page.archived,
          );
          return send(response, 200, { ...listOf(found.map(pageJson), url, body), type: 'page_or_database' });
        }
      }
      match = /^\/v1\/pages\/([^/]+)$/.exec(url.pathname);
      if (match) {
        const page = pages.get(match[1]!);
        if (!page) return notFound(match[1]!);
        if (request.method === 'GET') return send(response, 200, pageJson(page));
        if (request.method === 'PATCH') {
          if (body.archived === true) page.archived = true;
          page.lastEditedTime = tick();
          return send(response, 200, pageJson(page));
        }
      }
      if (request.method === 'POST' && url.pathname === '/v1/pages') {
        const parent = body.parent as { database_id?: string; page_id?: string } | undefined;
        const parentOk = parent?.database_id
          ? databases.has(parent.database_id)
          : parent?.page_id
            ? pages.has(parent.page_id)
            : false;
        if (!parentOk) return notFound(parent?.database_id ?? parent?.page_id ?? '');
        const properties = body.properties as Record<string, { title?: { text?: { content?: string } }[] }>;
        const titleProperty = parent?.database_id ? properties.Name : properties.title;
        if (!titleProperty?.title) {
          return failure(response, 400, 'validation_error', 'body.properties.title should be defined.');
        }
        const children = (body.children as Record<string, unknown>[] | undefined) ?? [];
        if (children.length > 100)
          return failure(response, 400, 'validation_error', 'body.children.length should be ≤ 100.');
        const page = addPage({
          parent: parent!.database_id ? { database_id: parent!.database_id } : { page_id: parent!.page_id! },
          title: titleProperty.title.map((item) => item.text?.content ?? '').join(''),
          blocks: children.map(withPlainText),
        });
        return send(response, 200, pageJson(page));
      }
      match = /^\/v1\/blocks\/([^/]+)\/children$/.exec(url.pathname);
      if (match) {
        const id = match[1]!;
        const page = pages.get(id);
        const blocks = page ? page.blocks : nested.get(id);
        if (!blocks) return notFound(id);
        if (request.method === 'GET') {
          const served: Record<string, unknown>[] = blocks.map((content) => {
            const json = blockJson(content);
            const children = content.children as Record<string, unknown>[] | undefined;
            if (children?.length) nested.set(json.id, children);
            return json;
          });
          // A page's child pages are blocks of its own, of type child_page.
          for (const child of pages.values()) {
            if (!('page_id' in child.parent) || child.parent.page_id !== id || child.archived) continue;
            served.push({
              object: 'block',
              id: child.id,
              type: 'child_page',
              child_page: { title: child.title },
              has_children: child.blocks.length > 0,
              archived: false,
              last_edited_time: child.lastEditedTime,
            });
          }
          return send(response, 200, listOf(served, url, body));
        }
        if (request.method === 'PATCH') {
          const children = (body.children as Record<string, unknown>[] | undefined) ?? [];
          if (children.length > 100)
            return failure(response, 400, 'validation_error', 'body.children.length should be ≤ 100.');
          blocks.push(...children.map(withPlainText));
          if (page) page.lastEditedTime = tick();
          return send(response, 200, { object: 'list', results: [], next_cursor: null, has_more: false });
        }
      }
      return failure(response, 400, 'invalid_request_url', 'Invalid request URL.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** Blocks as sent carry `text.content`; as served they carry `plain_text` too. */
  function withPlainText(content: Record<string, unknown>): Record<string, unknown> {
    const type = content.type as string;
    const data = { ...(content[type] as Record<string, unknown>) };
    if (Array.isArray(data.rich_text)) {
      data.rich_text = (
        data.rich_text as {
          text: { content: string; link?: { url: string } | null };
          annotations?: Record<string, boolean>;
        }[]
      ).map((item) => richText(item.text.content, item.annotations ?? {}, item.text.link?.url ?? null));
    }
    const children = (data.children as Record<string, unknown>[] | undefined)?.map(withPlainText);
    delete data.children;
    return { type, [type]: data, ...(children ? { children } : {}) };
  }

  function addPage({
    parent,
    title,
    blocks = [],
  }: {
    parent: NotionStandInPage['parent'];
    title: string;
    blocks?: Record<string, unknown>[];
  }) {
    const page: NotionStandInPage = {
      id: randomUUID(),
      parent,
      title,
      lastEditedTime: tick(),
      archived: false,
      blocks,
    };
    pages.set(page.id, page);
    return page;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    addDatabase(title) {
      const id = randomUUID();
      databases.set(id, { title });
      return id;
    },
    addPage,
    editPage(id, blocks) {
      const page = pages.get(id)!;
      page.blocks = blocks;
      page.lastEditedTime = tick();
    },
    archivePage(id) {
      pages.get(id)!.archived = true;
    },
    pages: () => [...pages.values()],
    rateLimitNext(count, seconds) {
      limited = { count, seconds };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
