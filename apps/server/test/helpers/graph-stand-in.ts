import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Microsoft's identity platform and Microsoft Graph (OneDrive / SharePoint
 * drives): an HTTP server on 127.0.0.1 speaking exactly the calls the Graph connector and the OAuth
 * flow make. Microsoft's services cannot be reached from here; MICROSOFT_LOGIN_URL and
 * MICROSOFT_GRAPH_URL point at this server instead.
 *
 * - `GET /{tenant}/oauth2/v2.0/authorize`: the user "consents" at once — 302 to the redirect URI with a
 *   code and the state (after checking the client id, redirect URI and an S256 code challenge).
 * - `POST /{tenant}/oauth2/v2.0/token`: `authorization_code` (the PKCE verifier must hash to the
 *   challenge; a code is used once) and `refresh_token` (rotated, as Microsoft does); errors as
 *   `{ error: 'invalid_grant' }` with 400.
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
  const codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  const accessTokens = new Map<string, { expiresAt: number }>();
  const refreshTokens = new Set<string>();
  const downloads = new Map<string, { drive: string; key: string }>();
  const calls: GraphStandInCall[] = [];
  const tokenRequests: Record<string, string>[] = [];
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

  function send(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  }
  const graphError = (response: http.ServerResponse, status: number, code: string, message: string, headers = {}) =>
    send(response, status, { error: { code, message } }, headers);

  async function readBody(request: http.IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  function issueTokens() {
    const accessToken = `graph-at-${randomBytes(16).toString('hex')}`;
    const refreshToken = `graph-rt-${randomBytes(16).toString('hex')}`;
    accessTokens.set(accessToken, { expiresAt: Date.now() + accessTokenSeconds * 1000 });
    refreshTokens.add(refreshToken);
    return {
      token_type: 'Bearer',
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: accessTokenSeconds,
    };
  }

  async function oauth(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    if (request.method === 'GET' && url.pathname === `/${TENANT}/oauth2/v2.0/authorize`) {
      const query = url.searchParams;
      const redirectUri = query.get('redirect_uri') ?? '';
      if (query.get('client_id') !== clientId || !redirectUri) return send(response, 400, { error: 'invalid_client' });
      if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')) {
        return send(response, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
      }
      const code = `code-${randomBytes(16).toString('hex')}`;
      codes.set(code, { challenge: query.get('code_challenge')!, redirectUri, used: false });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', query.get('state') ?? '');
      response.writeHead(302, { location: target.href });
      return void response.end();
    }
    if (request.method === 'POST' && url.pathname === `/${TENANT}/oauth2/v2.0/token`) {
      const form = Object.fromEntries(new URLSearchParams((await readBody(request)).toString()));
      tokenRequests.push(form);
      if (form['client_id'] !== clientId || form['client_secret'] !== clientSecret) {
        return send(response, 401, { error: 'invalid_client' });
      }
      if (form['grant_type'] === 'authorization_code') {
        const entry = codes.get(form['code'] ?? '');
        const challenge = createHash('sha256')
          .update(form['code_verifier'] ?? '')
          .digest('base64url');
        if (!entry || entry.used || entry.redirectUri !== form['redirect_uri'] || entry.challenge !== challenge) {
          if (entry) entry.used = true;
          return send(response, 400, { error: 'invalid_grant', error_description: 'AADSTS501481: code verifier' });
        }
        entry.used = true;
        return send(response, 200, issueTokens());
      }
      if (form['grant_type'] === 'refresh_token') {
        if (!refreshTokens.delete(form['refresh_token'] ?? '')) return send(response, 400, { error: 'invalid_grant' });
        return send(response, 200, issueTokens());
      }
      return send(response, 400, { error: 'unsupported_grant_type' });
    }
    send(response, 404, { error: 'not_found' });
  }

  async function graph(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const known = token ? accessTokens.get(token) : undefined;
    if (!known || known.expiresAt <= Date.now()) {
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
        : oauth(request, response, url);
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
    tokenRequests,
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
    expireAccessTokens() {
      for (const entry of accessTokens.values()) entry.expiresAt = 0;
    },
    /** The user withdrew the app's access: every token, refresh tokens included, stops working. */
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
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
