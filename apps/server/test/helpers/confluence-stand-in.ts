import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Confluence Cloud stand-in: an HTTP server on 127.0.0.1 that speaks the subset of the REST API v2 the
 * wiki connector calls — `GET /wiki/api/v2/spaces?keys=`, `GET /wiki/api/v2/spaces/{id}/pages` (status, title,
 * body-format=storage, limit, cursor), `POST /wiki/api/v2/pages`, `PUT /wiki/api/v2/pages/{id}`. Confluence Cloud
 * cannot be reached from here.
 *
 * It answers as Confluence does: basic auth with an e-mail address and an API token (else 401 with an `errors`
 * list), results in pages of at most `limit` with the next one as `_links.next` (a path with an opaque `cursor`),
 * 404 for an unknown page, 400 for a second page of the same title in a space, 409 for a stale version number,
 * and — when asked — 429 with a Retry-After header in seconds.
 */

export interface ConfluenceStandInPage {
  id: string;
  spaceId: string;
  title: string;
  parentId: string | null;
  version: number;
  body: string;
}

export interface ConfluenceStandIn {
  /** The site's address, as a user types it: http://127.0.0.1:PORT */
  url: string;
  email: string;
  token: string;
  /** The largest page of results the stand-in gives, whatever `limit` asks (to make paging happen). */
  pageSize: number;
  /** Every request, in order: method and path with query. */
  requests: string[];
  addSpace(key: string): string;
  addPage(page: { spaceKey: string; title: string; body: string; parentId?: string | null }): ConfluenceStandInPage;
  editPage(id: string, body: string): void;
  deletePage(id: string): void;
  page(title: string): ConfluenceStandInPage | undefined;
  /** The next `count` requests answer 429 with `Retry-After: seconds`. */
  rateLimitNext(count: number, seconds: number): void;
  close(): Promise<void>;
}

export async function startConfluenceStandIn({ pageSize = 2 } = {}): Promise<ConfluenceStandIn> {
  const email = 'officer@example.com';
  const token = `ATATT-${randomBytes(12).toString('hex')}`;
  const spaces = new Map<string, string>();
  const pages = new Map<string, ConfluenceStandInPage>();
  const requests: string[] = [];
  let nextId = 1000;
  let limited = { count: 0, seconds: 0 };

  const send = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const failure = (response: http.ServerResponse, status: number, title: string) =>
    send(response, status, { errors: [{ status, code: String(status), title, detail: null }] });

  const pageJson = (page: ConfluenceStandInPage, withBody: boolean) => ({
    id: page.id,
    status: 'current',
    title: page.title,
    spaceId: page.spaceId,
    parentId: page.parentId,
    parentType: page.parentId ? 'page' : null,
    version: { number: page.version, createdAt: new Date().toISOString(), message: '', minorEdit: false },
    ...(withBody ? { body: { storage: { representation: 'storage', value: page.body } } } : { body: {} }),
    _links: { webui: `/spaces/${page.spaceId}/pages/${page.id}` },
  });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (limited.count > 0) {
        limited.count -= 1;
        const title = 'Rate limit exceeded';
        return send(
          response,
          429,
          { errors: [{ status: 429, code: '429', title }] },
          {
            'retry-after': String(limited.seconds),
          },
        );
      }
      const expected = `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return failure(response, 401, 'Unauthorized');
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};

      if (request.method === 'GET' && url.pathname === '/wiki/api/v2/spaces') {
        const keys = (url.searchParams.get('keys') ?? '').split(',');
        const results = [...spaces].filter(([key]) => keys.includes(key)).map(([key, id]) => ({ id, key, name: key }));
        return send(response, 200, { results, _links: { base: `${url.origin}/wiki` } });
      }
      const spacePages = /^\/wiki\/api\/v2\/spaces\/([^/]+)\/pages$/.exec(url.pathname);
      if (request.method === 'GET' && spacePages) {
        const spaceId = spacePages[1]!;
        if (![...spaces.values()].includes(spaceId)) return failure(response, 404, 'Space not found');
        const title = url.searchParams.get('title');
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 25), 250, pageSize);
        const cursor = url.searchParams.get('cursor');
        const all = [...pages.values()]
          .filter((page) => page.spaceId === spaceId && (title === null || page.title === title))
          .sort((a, b) => Number(a.id) - Number(b.id));
        const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0;
        const slice = all.slice(start, start + limit);
        const next = new URLSearchParams(url.searchParams);
        next.set('cursor', Buffer.from(String(start + limit)).toString('base64url'));
        const withBody = url.searchParams.get('body-format') === 'storage';
        return send(response, 200, {
          results: slice.map((page) => pageJson(page, withBody)),
          _links: start + limit < all.length ? { next: `${url.pathname}?${next}`, base: `${url.origin}/wiki` } : {},
        });
      }
      if (request.method === 'POST' && url.pathname === '/wiki/api/v2/pages') {
        const spaceId = String(body.spaceId);
        const title = String(body.title ?? '');
        const storage = body.body as { representation?: string; value?: string } | undefined;
        if (![...spaces.values()].includes(spaceId)) return failure(response, 404, 'Space not found');
        if (!title || storage?.representation !== 'storage') return failure(response, 400, 'Invalid page');
        if ([...pages.values()].some((page) => page.spaceId === spaceId && page.title === title)) {
          return failure(response, 400, 'A page with this title already exists');
        }
        const parentId = body.parentId ? String(body.parentId) : null;
        if (parentId && !pages.has(parentId)) return failure(response, 404, 'Parent not found');
        const page = { id: String(nextId++), spaceId, title, parentId, version: 1, body: storage.value ?? '' };
        pages.set(page.id, page);
        return send(response, 200, pageJson(page, true));
      }
      const onePage = /^\/wiki\/api\/v2\/pages\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'PUT' && onePage) {
        const page = pages.get(onePage[1]!);
        if (!page) return failure(response, 404, 'Page not found');
        const version = (body.version as { number?: number } | undefined)?.number;
        if (version !== page.version + 1) return failure(response, 409, 'Version conflict');
        const storage = body.body as { representation?: string; value?: string } | undefined;
        if (storage?.representation !== 'storage') return failure(response, 400, 'Invalid page');
        page.version = version;
        page.title = String(body.title ?? page.title);
        page.body = storage.value ?? '';
        return send(response, 200, pageJson(page, true));
      }
      return failure(response, 404, 'Not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    email,
    token,
    pageSize,
    requests,
    addSpace(key) {
      const id = String(nextId++);
      spaces.set(key, id);
      return id;
    },
    addPage({ spaceKey, title, body, parentId = null }) {
      const spaceId = spaces.get(spaceKey);
      if (!spaceId) throw new Error(`no space ${spaceKey}`);
      const page = { id: String(nextId++), spaceId, title, parentId, version: 1, body };
      pages.set(page.id, page);
      return page;
    },
    editPage(id, body) {
      const page = pages.get(id);
      if (!page) throw new Error(`no page ${id}`);
      page.body = body;
      page.version += 1;
    },
    deletePage(id) {
      pages.delete(id);
    },
    page: (title) => [...pages.values()].find((page) => page.title === title),
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
