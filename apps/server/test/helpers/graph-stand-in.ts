import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOAuthStandIn, readBody, sendJson as send } from './oauth-stand-in.ts';

/**
 * A local stand-in for Microsoft's identity platform and Microsoft Graph (OneDrive / SharePoint
 * drives): an HTTP server on 127.0.0.1 speaking exactly the calls the Graph connector and the OAuth
 * flow make. Microsoft's services cannot be reached from here; MICROSOFT_LOGIN_URL and
 * MICROSOFT_GRAPH_URL point at this server instead.
 *
 * - `GET /{tenant}/oauth2/v2.0/authorize` and `POST /{tenant}/oauth2/v2.0/token`: the shared OAuth
 *   stand-in (oauth-stand-in.ts); the refresh token is rotated, as Microsoft does.
 * - Graph v1.0 under `/v1.0/me/drive` or `/v1.0/drives/{id}`: `root`, `root:/path:`, `items/{id}`,
 *   `items/{id}/children` (paged with `$top` and `@odata.nextLink`), `root:/path:/content` (PUT: a
 *   simple upload that creates the folders of the path). Items carry `eTag` (changes with any change)
 *   and `cTag` (changes with the content) and a pre-authenticated `@microsoft.graph.downloadUrl`.
 * - A missing, unknown or expired bearer token answers 401 `InvalidAuthenticationToken`; after
 *   `throttle(n, seconds)` the next n Graph calls answer 429 `TooManyRequests` with Retry-After.
 */

export interface GraphStandInFile {
  id: string;
  /** The path in the drive, with a leading slash. */
  path: string;
  content: Buffer;
  mimeType: string;
  version: number;
  contentVersion: number;
}

export interface GraphStandInCall {
  method: string;
  path: string;
  status: number;
}

const TENANT = 'common';

export async function startGraphStandIn({
  clientId = 'stand-in-client',
  clientSecret = 'stand-in-secret',
  accessTokenSeconds = 3600,
}: { clientId?: string; clientSecret?: string; accessTokenSeconds?: number } = {}) {
  /** Files by drive ('me' or a drive id), then by lower-case path. */
  const drives = new Map<string, Map<string, GraphStandInFile>>([['me', new Map()]]);
  const oauth = createOAuthStandIn({
    clientId,
    clientSecret,
    accessTokenSeconds,
    accessTokenPrefix: 'graph-at-',
    refreshTokenPrefix: 'graph-rt-',
    rotateRefreshTokens: true,
    invalidClientStatus: 401,
  });
  const downloads = new Map<string, { drive: string; key: string }>();
  const calls: GraphStandInCall[] = [];
  let throttled = 0;
  let retryAfterSeconds = 1;
  let sequence = 0;
  let baseUrl = '';

  const files = (drive: string) => {
    let map = drives.get(drive);
    if (!map) drives.set(drive, (map = new Map()));
    return map;
  };
  const normalise = (value: string) => `/${value.split('/').filter(Boolean).join('/')}`;
  const folderId = (drive: string, folderPath: string) =>
    `F${Buffer.from(`${drive}\n${folderPath.toLowerCase()}`).toString('base64url')}`;
  const folderPathOf = (id: string): { drive: string; path: string } | null => {
    if (!id.startsWith('F')) return null;
    const [drive, folder] = Buffer.from(id.slice(1), 'base64url').toString().split('\n');
    return drive !== undefined && folder !== undefined ? { drive, path: folder } : null;
  };
  const folderExists = (drive: string, folderPath: string) =>
    folderPath === '/' ||
    [...files(drive).values()].some((file) => file.path.toLowerCase().startsWith(`${folderPath.toLowerCase()}/`));

  function fileItem(drive: string, file: GraphStandInFile) {
    const token = randomBytes(12).toString('hex');
    downloads.set(token, { drive, key: file.path.toLowerCase() });
    return {
      id: file.id,
      name: file.path.split('/').at(-1)!,
      eTag: `"{${file.id}},${file.version}"`,
      cTag: `"c:{${file.id}},${file.contentVersion}"`,
      size: file.content.byteLength,
      file: { mimeType: file.mimeType },
      '@microsoft.graph.downloadUrl': `${baseUrl}/download/${token}`,
    };
  }
  function folderItem(drive: string, folderPath: string) {
    return {
      id: folderId(drive, folderPath),
      name: folderPath === '/' ? 'root' : folderPath.split('/').at(-1)!,
      eTag: `"{${folderId(drive, folderPath)}},1"`,
      folder: { childCount: 0 },
    };
  }
  function children(drive: string, folderPath: string) {
    const prefix = folderPath === '/' ? '/' : `${folderPath.toLowerCase()}/`;
    const items = new Map<string, unknown>();
    for (const file of files(drive).values()) {
      const lower = file.path.toLowerCase();
      if (!lower.startsWith(prefix)) continue;
      const rest = file.path.slice(prefix.length).split('/');
      if (rest.length === 1) items.set(lower, fileItem(drive, file));
      else {
        const sub = normalise(`${file.path.slice(0, prefix.length)}${rest[0]}`);
        items.set(sub.toLowerCase(), folderItem(drive, sub));
      }
    }
    return [...items.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, item]) => item);
  }

  const graphError = (response: http.ServerResponse, status: number, code: string, message: string, headers = {}) =>
    send(response, status, { error: { code, message } }, headers);

  async function signIn(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    if (request.method === 'GET' && url.pathname === `/${TENANT}/oauth2/v2.0/authorize`) {
      return oauth.authorize(response, url);
    }
    if (request.method === 'POST' && url.pathname === `/${TENANT}/oauth2/v2.0/token`) {
      return oauth.token(request, response);
    }
    send(response, 404, { error: 'not_found' });
  }

  async function graph(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    if (oauth.bearer(request) !== 'valid') {
      return graphError(response, 401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.');
    }
    if (throttled > 0) {
      throttled -= 1;
      return graphError(response, 429, 'TooManyRequests', 'Too many requests', {
        'retry-after': String(retryAfterSeconds),
      });
    }
    const rest = decodeURIComponent(url.pathname.slice('/v1.0'.length));
    const match = /^\/(?:me\/drive|drives\/([^/]+))(\/.*)$/.exec(rest);
    if (!match) return graphError(response, 400, 'BadRequest', 'Unsupported path');
    const drive = match[1] ?? 'me';
    const target = match[2]!;

    const byPath = /^\/root(?::(\/[^:]*):?)?(\/content|\/children)?$/.exec(target);
    const byId = /^\/items\/([^/]+)(\/children|\/content)?$/.exec(target);
    let itemPath: string | null = null;
    let action = '';
    if (byPath) {
      itemPath = normalise(byPath[1] ?? '/');
      action = byPath[2] ?? '';
    } else if (byId) {
      const folder = folderPathOf(byId[1]!);
      if (folder) itemPath = folder.path;
      else itemPath = [...files(drive).values()].find((file) => file.id === byId[1])?.path ?? null;
      action = byId[2] ?? '';
      if (!itemPath) return graphError(response, 404, 'itemNotFound', 'The resource could not be found.');
    } else {
      return graphError(response, 400, 'BadRequest', 'Unsupported path');
    }

    if (request.method === 'PUT' && action === '/content') {
      const body = await readBody(request);
      const map = files(drive);
      const existing = map.get(itemPath.toLowerCase());
      const file: GraphStandInFile = existing
        ? { ...existing, content: body, version: existing.version + 1, contentVersion: existing.contentVersion + 1 }
        : {
            id: `I${(sequence += 1)}`,
            path: itemPath,
            content: body,
            mimeType: String(request.headers['content-type'] ?? 'application/octet-stream'),
            version: 1,
            contentVersion: 1,
          };
      map.set(itemPath.toLowerCase(), file);
      return send(response, existing ? 200 : 201, fileItem(drive, file));
    }
    if (request.method !== 'GET') return graphError(response, 405, 'BadRequest', 'Method not allowed');

    const file = files(drive).get(itemPath.toLowerCase());
    if (action === '') {
      if (file) return send(response, 200, fileItem(drive, file));
      if (folderExists(drive, itemPath)) return send(response, 200, folderItem(drive, itemPath));
      return graphError(response, 404, 'itemNotFound', 'The resource could not be found.');
    }
    if (action === '/content') {
      if (!file) return graphError(response, 404, 'itemNotFound', 'The resource could not be found.');
      response.writeHead(200, { 'content-type': file.mimeType });
      return void response.end(file.content);
    }
    if (!folderExists(drive, itemPath))
      return graphError(response, 404, 'itemNotFound', 'The resource could not be found.');
    const all = children(drive, itemPath);
    const top = Math.min(Number(url.searchParams.get('$top') ?? 200) || 200, 999);
    const skip = Number(url.searchParams.get('$skiptoken') ?? 0) || 0;
    const page = all.slice(skip, skip + top);
    const next = new URL(url.href);
    next.searchParams.set('$skiptoken', String(skip + top));
    return send(response, 200, {
      value: page,
      ...(skip + top < all.length ? { '@odata.nextLink': next.href } : {}),
    });
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', baseUrl);
    const work = url.pathname.startsWith('/v1.0/')
      ? graph(request, response, url)
      : url.pathname.startsWith('/download/')
        ? (async () => {
            const entry = downloads.get(url.pathname.slice('/download/'.length));
            const file = entry ? drives.get(entry.drive)?.get(entry.key) : undefined;
            if (!file) return graphError(response, 404, 'itemNotFound', 'gone');
            response.writeHead(200, { 'content-type': file.mimeType, 'content-length': file.content.byteLength });
            response.end(file.content);
          })()
        : signIn(request, response, url);
    work
      .then(() => calls.push({ method: request.method ?? '', path: url.pathname, status: response.statusCode }))
      .catch((error: unknown) => {
        if (!response.headersSent) send(response, 500, { error: { code: 'generalException', message: String(error) } });
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    clientId,
    clientSecret,
    tenant: TENANT,
    calls,
    /** Every form posted to the token endpoint (the tests check no secret travels elsewhere). */
    tokenRequests: oauth.tokenRequests,
    /** Adds or replaces a file (its cTag and eTag change). */
    putFile(filePath: string, content: string, { drive = 'me', mimeType = 'text/plain' } = {}) {
      const key = normalise(filePath);
      const existing = files(drive).get(key.toLowerCase());
      files(drive).set(key.toLowerCase(), {
        id: existing?.id ?? `I${(sequence += 1)}`,
        path: key,
        content: Buffer.from(content),
        mimeType,
        version: (existing?.version ?? 0) + 1,
        contentVersion: (existing?.contentVersion ?? 0) + 1,
      });
    },
    deleteFile(filePath: string, { drive = 'me' } = {}) {
      files(drive).delete(normalise(filePath).toLowerCase());
    },
    file(filePath: string, { drive = 'me' } = {}): GraphStandInFile | undefined {
      return files(drive).get(normalise(filePath).toLowerCase());
    },
    listFiles({ drive = 'me' } = {}): GraphStandInFile[] {
      return [...files(drive).values()];
    },
    /** Every access token issued so far is expired from now on (refresh tokens stay valid). */
    expireAccessTokens: oauth.expireAccessTokens,
    /** The user withdrew the app's access: every token, refresh tokens included, stops working. */
    revokeAll: oauth.revokeAll,
    /** The next `count` Graph calls answer 429 with Retry-After: `seconds`. */
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

export type GraphStandIn = Awaited<ReturnType<typeof startGraphStandIn>>;
