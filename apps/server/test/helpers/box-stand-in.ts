import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseMultipart } from './multipart-body.ts';
import { createOAuthStandIn, readBody, sendJson as send } from './oauth-stand-in.ts';

/**
 * A local stand-in for Box's OAuth endpoints and its Content API 2.0: an HTTP server on 127.0.0.1
 * speaking exactly the calls the Box connector and the OAuth flow make (BOX_ACCOUNT_URL, BOX_API_URL and
 * BOX_UPLOAD_URL all point here; Box cannot be reached from here).
 *
 * - `GET /api/oauth2/authorize` and `POST /oauth2/token`: the shared OAuth stand-in (oauth-stand-in.ts);
 *   the refresh token is rotated, as Box does.
 * - `GET /2.0/folders/{id}`, `GET /2.0/folders/{id}/items` (paged by `limit`/`offset`, the fields as
 *   `fields` asks), `POST /2.0/folders` (409 `item_name_in_use` with the existing folder in
 *   `context_info.conflicts`), `GET /2.0/files/{id}/content` (302 to a pre-authenticated download
 *   address under `/dl/`), and on the upload host `POST /api/2.0/files/content` (multipart form:
 *   `attributes`, then `file`; 409 `item_name_in_use` with the existing file) and
 *   `POST /api/2.0/files/{id}/content` (a new version).
 * - Files carry a `sha1` and an `etag` that grows with every version; folder "0" is All Files.
 * - Errors as `{ type: 'error', status, code, message }`: 404 `not_found`; a missing, unknown or expired
 *   token answers 401 with an empty body (as Box does); after `throttle(n, seconds)` the next n API calls
 *   answer 429 `rate_limit_exceeded` with Retry-After; after `notReady(n, seconds)` the next n downloads
 *   answer 202 with Retry-After (a file Box is still preparing).
 */

export interface BoxStandInItem {
  type: 'file' | 'folder';
  id: string;
  name: string;
  parent: string;
  content: Buffer;
  etag: number;
}

export interface BoxStandInCall {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  /** Whether the request carried a bearer token (a download address must not get one). */
  authorized: boolean;
}

export async function startBoxStandIn({
  clientId = 'stand-in-box-client',
  clientSecret = 'stand-in-box-secret',
  accessTokenSeconds = 3600,
}: { clientId?: string; clientSecret?: string; accessTokenSeconds?: number } = {}) {
  const oauth = createOAuthStandIn({
    clientId,
    clientSecret,
    accessTokenSeconds,
    accessTokenPrefix: 'box-at-',
    refreshTokenPrefix: 'box-rt-',
    rotateRefreshTokens: true,
  });
  const items = new Map<string, BoxStandInItem>([
    ['0', { type: 'folder', id: '0', name: 'All Files', parent: '', content: Buffer.alloc(0), etag: 0 }],
  ]);
  const downloads = new Map<string, string>();
  const calls: BoxStandInCall[] = [];
  let throttled = 0;
  let preparing = 0;
  let retryAfterSeconds = 1;
  let sequence = 1000;

  const boxError = (
    response: http.ServerResponse,
    status: number,
    code: string,
    message: string,
    extra = {},
    headers: Record<string, string> = {},
  ) =>
    send(
      response,
      status,
      { type: 'error', status, code, message, request_id: randomBytes(6).toString('hex'), ...extra },
      headers,
    );
  const notFound = (response: http.ServerResponse) => boxError(response, 404, 'not_found', 'Not Found');
  const childrenOf = (parent: string) => [...items.values()].filter((item) => item.parent === parent);
  const find = (parent: string, name: string) => childrenOf(parent).find((item) => item.name === name);
  const sha1 = (content: Buffer) => createHash('sha1').update(content).digest('hex');

  /** The item at a path ("/A/B/c.txt") under All Files; folders are made on the way when `create`. */
  function at(itemPath: string, create = false): BoxStandInItem | undefined {
    let current = items.get('0')!;
    for (const part of itemPath.split('/').filter(Boolean)) {
      let next = find(current.id, part);
      if (!next && create) {
        next = {
          type: 'folder',
          id: String((sequence += 1)),
          name: part,
          parent: current.id,
          content: Buffer.alloc(0),
          etag: 0,
        };
        items.set(next.id, next);
      }
      if (!next) return undefined;
      current = next;
    }
    return current;
  }

  /** An item as the API answers it: `type` and `id` always, the rest as `fields` asks (all when absent). */
  function resource(item: BoxStandInItem, fields: string | null) {
    const full: Record<string, unknown> = { type: item.type, id: item.id, name: item.name, etag: String(item.etag) };
    if (item.type === 'file') {
      full['sha1'] = sha1(item.content);
      full['size'] = item.content.byteLength;
      full['file_version'] = { type: 'file_version', id: `v${item.etag}`, sha1: full['sha1'] };
    }
    if (!fields) return full;
    const wanted = new Set(['type', 'id', ...fields.split(',')]);
    return Object.fromEntries(Object.entries(full).filter(([key]) => wanted.has(key)));
  }

  function newFile(parent: string, name: string, content: Buffer): BoxStandInItem {
    const file: BoxStandInItem = { type: 'file', id: String((sequence += 1)), name, parent, content, etag: 0 };
    items.set(file.id, file);
    return file;
  }

  async function api(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    if (oauth.bearer(request) !== 'valid') {
      response.writeHead(401, { 'www-authenticate': 'Bearer realm="Service", error="invalid_token"' });
      return void response.end();
    }
    if (throttled > 0) {
      throttled -= 1;
      return boxError(
        response,
        429,
        'rate_limit_exceeded',
        'Request rate limit exceeded, please try again later',
        {},
        { 'retry-after': String(retryAfterSeconds) },
      );
    }
    const query = url.searchParams;
    const fields = query.get('fields');

    if (url.pathname.startsWith('/api/2.0/files/')) {
      const match = /^\/api\/2\.0\/files\/(?:(content)|(\d+)\/content)$/.exec(url.pathname);
      if (!match || request.method !== 'POST') return boxError(response, 400, 'bad_request', 'Unsupported upload');
      const parts = parseMultipart(await readBody(request), String(request.headers['content-type']));
      const attributes = parts.find((part) => /name="attributes"/.test(part.headers['content-disposition'] ?? ''));
      const file = parts.find((part) => /name="file"/.test(part.headers['content-disposition'] ?? ''));
      if (!attributes || !file || parts.indexOf(attributes) > parts.indexOf(file)) {
        return boxError(response, 400, 'bad_request', 'attributes must come before the file');
      }
      const wanted = JSON.parse(attributes.content.toString()) as { name: string; parent?: { id: string } };
      if (match[1]) {
        const parent = items.get(wanted.parent?.id ?? '');
        if (!parent || parent.type !== 'folder') return notFound(response);
        const existing = find(parent.id, wanted.name);
        if (existing) {
          return boxError(response, 409, 'item_name_in_use', 'Item with the same name already exists', {
            context_info: { conflicts: resource(existing, null) },
          });
        }
        return send(response, 201, {
          total_count: 1,
          entries: [resource(newFile(parent.id, wanted.name, file.content), null)],
        });
      }
      const existing = items.get(match[2]!);
      if (!existing || existing.type !== 'file') return notFound(response);
      existing.content = file.content;
      existing.etag += 1;
      return send(response, 201, { total_count: 1, entries: [resource(existing, null)] });
    }

    const rest = url.pathname.slice('/2.0'.length);
    if (request.method === 'POST' && rest === '/folders') {
      const wanted = JSON.parse((await readBody(request)).toString()) as { name: string; parent: { id: string } };
      const parent = items.get(wanted.parent.id);
      if (!parent || parent.type !== 'folder') return notFound(response);
      const existing = find(parent.id, wanted.name);
      if (existing) {
        return boxError(response, 409, 'item_name_in_use', 'Item with the same name already exists', {
          context_info: { conflicts: [resource(existing, null)] },
        });
      }
      const folder: BoxStandInItem = {
        type: 'folder',
        id: String((sequence += 1)),
        name: wanted.name,
        parent: parent.id,
        content: Buffer.alloc(0),
        etag: 0,
      };
      items.set(folder.id, folder);
      return send(response, 201, resource(folder, fields));
    }
    if (request.method !== 'GET') return boxError(response, 405, 'method_not_allowed', 'Method Not Allowed');
    const folderMatch = /^\/folders\/(\d+)(\/items)?$/.exec(rest);
    if (folderMatch) {
      const folder = items.get(folderMatch[1]!);
      if (!folder || folder.type !== 'folder') return notFound(response);
      if (!folderMatch[2]) return send(response, 200, resource(folder, fields));
      const all = childrenOf(folder.id).sort((a, b) => a.name.localeCompare(b.name));
      const limit = Math.min(Number(query.get('limit') ?? 100) || 100, 1000);
      const offset = Number(query.get('offset') ?? 0) || 0;
      return send(response, 200, {
        total_count: all.length,
        entries: all.slice(offset, offset + limit).map((item) => resource(item, fields)),
        offset,
        limit,
        order: [{ by: 'type', direction: 'ASC' }],
      });
    }
    const contentMatch = /^\/files\/(\d+)\/content$/.exec(rest);
    if (contentMatch) {
      const file = items.get(contentMatch[1]!);
      if (!file || file.type !== 'file') return notFound(response);
      if (preparing > 0) {
        preparing -= 1;
        response.writeHead(202, { 'retry-after': String(retryAfterSeconds) });
        return void response.end();
      }
      const token = randomBytes(12).toString('hex');
      downloads.set(token, file.id);
      response.writeHead(302, { location: `${baseUrl}/dl/${token}/${encodeURIComponent(file.name)}` });
      return void response.end();
    }
    return boxError(response, 400, 'bad_request', `Unsupported path ${url.pathname}`);
  }

  async function other(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    if (request.method === 'GET' && url.pathname === '/api/oauth2/authorize') return oauth.authorize(response, url);
    if (request.method === 'POST' && url.pathname === '/oauth2/token') return oauth.token(request, response);
    const download = /^\/dl\/([0-9a-f]+)\//.exec(url.pathname);
    if (request.method === 'GET' && download) {
      const file = items.get(downloads.get(download[1]!) ?? '');
      if (!file) return notFound(response);
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': file.content.byteLength,
      });
      return void response.end(file.content);
    }
    send(response, 404, { error: 'not_found' });
  }

  let baseUrl = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', baseUrl);
    const work = /^\/(api\/)?2\.0\//.test(url.pathname) ? api(request, response, url) : other(request, response, url);
    work
      .then(() =>
        calls.push({
          method: request.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          status: response.statusCode,
          authorized: Boolean(request.headers.authorization),
        }),
      )
      .catch((error: unknown) => {
        if (!response.headersSent) boxError(response, 500, 'internal_server_error', String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    clientId,
    clientSecret,
    calls,
    tokenRequests: oauth.tokenRequests,
    /** Adds a file at a path under All Files (its folders made on the way), or uploads a new version. */
    putFile(filePath: string, content: string): BoxStandInItem {
      const parts = filePath.split('/').filter(Boolean);
      const folder = at(parts.slice(0, -1).join('/'), true)!;
      const existing = find(folder.id, parts.at(-1)!);
      if (existing) {
        existing.content = Buffer.from(content);
        existing.etag += 1;
        return existing;
      }
      return newFile(folder.id, parts.at(-1)!, Buffer.from(content));
    },
    /** The id of the folder at a path (made when missing). */
    folderId(folderPath: string): string {
      return at(folderPath, true)!.id;
    },
    deleteFile(filePath: string) {
      const item = at(filePath);
      if (item) items.delete(item.id);
    },
    file(filePath: string): BoxStandInItem | undefined {
      return at(filePath);
    },
    expireAccessTokens: oauth.expireAccessTokens,
    revokeAll: oauth.revokeAll,
    /** The next `count` API calls answer 429 with Retry-After: `seconds`. */
    /** The next `count` downloads answer 202 (not ready yet) with Retry-After: `seconds`. */
    notReady(count: number, seconds = 1) {
      preparing = count;
      retryAfterSeconds = seconds;
    },
    throttle(count: number, seconds = 1) {
      throttled = count;
      retryAfterSeconds = seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type BoxStandIn = Awaited<ReturnType<typeof startBoxStandIn>>;
