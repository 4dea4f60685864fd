import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOAuthStandIn, readBody, sendJson as send } from './oauth-stand-in.ts';

/**
 * A local stand-in for Dropbox's OAuth pages and HTTP API v2: an HTTP server on 127.0.0.1 speaking
 * exactly the calls the Dropbox connector and the OAuth flow make (DROPBOX_WEB_URL, DROPBOX_API_URL and
 * DROPBOX_CONTENT_URL all point here; Dropbox cannot be reached from here).
 *
 * - `GET /oauth2/authorize` and `POST /oauth2/token`: the shared OAuth stand-in (oauth-stand-in.ts); the
 *   refresh token is not rotated, as Dropbox does.
 * - `POST /2/files/list_folder` (recursive, paged by `limit`) and `/2/files/list_folder/continue`,
 *   `/2/files/get_metadata`, and on the content host `/2/files/download` and `/2/files/upload`
 *   (arguments in the `Dropbox-API-Arg` header). Files carry `rev` and a `content_hash`.
 * - A missing or unknown token answers 401 `invalid_access_token`, an expired one
 *   `expired_access_token`; errors of a call are 409 with an `error_summary` ("path/not_found/…");
 *   after `throttle(n, seconds)` the next n API calls answer 429 `too_many_requests` with Retry-After.
 */

export interface DropboxStandInFile {
  path: string;
  content: Buffer;
  rev: string;
}

export async function startDropboxStandIn({
  clientId = 'stand-in-app-key',
  clientSecret = 'stand-in-app-secret',
  accessTokenSeconds = 14_400,
}: { clientId?: string; clientSecret?: string; accessTokenSeconds?: number } = {}) {
  const files = new Map<string, DropboxStandInFile>();
  const oauth = createOAuthStandIn({
    clientId,
    clientSecret,
    accessTokenSeconds,
    accessTokenPrefix: 'sl.stand-in-',
    refreshTokenPrefix: 'stand-in-rt-',
    rotateRefreshTokens: false,
  });
  const cursors = new Map<string, { entries: unknown[]; offset: number; limit: number }>();
  const calls: { path: string; status: number; arg?: unknown }[] = [];
  let throttled = 0;
  let retryAfterSeconds = 1;
  let revision = 0;

  const normalise = (value: string) => `/${value.split('/').filter(Boolean).join('/')}`;
  /** Dropbox's content hash: SHA-256 over the SHA-256 of every 4 MiB block. */
  const contentHash = (content: Buffer) => {
    const blocks: Buffer[] = [];
    for (let offset = 0; offset < content.byteLength || offset === 0; offset += 4 * 1024 * 1024) {
      blocks.push(
        createHash('sha256')
          .update(content.subarray(offset, offset + 4 * 1024 * 1024))
          .digest(),
      );
      if (content.byteLength === 0) break;
    }
    return createHash('sha256').update(Buffer.concat(blocks)).digest('hex');
  };
  const fileEntry = (file: DropboxStandInFile) => ({
    '.tag': 'file',
    name: file.path.split('/').at(-1),
    path_lower: file.path.toLowerCase(),
    path_display: file.path,
    id: `id:${Buffer.from(file.path.toLowerCase()).toString('base64url')}`,
    rev: file.rev,
    size: file.content.byteLength,
    content_hash: contentHash(file.content),
  });
  const folderEntry = (folder: string) => ({
    '.tag': 'folder',
    name: folder.split('/').at(-1),
    path_lower: folder.toLowerCase(),
    path_display: folder,
  });
  const folderExists = (folder: string) =>
    folder === '' || [...files.keys()].some((key) => key.startsWith(`${folder.toLowerCase()}/`));

  const pathError = (response: http.ServerResponse, tag: string) =>
    send(response, 409, { error_summary: `path/${tag}/..`, error: { '.tag': 'path', path: { '.tag': tag } } });

  async function api(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<unknown> {
    const bearer = oauth.bearer(request);
    if (bearer === 'unknown')
      return send(response, 401, { error_summary: 'invalid_access_token/', error: { '.tag': 'invalid_access_token' } });
    if (bearer === 'expired') {
      return send(response, 401, { error_summary: 'expired_access_token/', error: { '.tag': 'expired_access_token' } });
    }
    if (throttled > 0) {
      throttled -= 1;
      return send(
        response,
        429,
        {
          error_summary: 'too_many_requests/',
          error: { reason: { '.tag': 'too_many_requests' }, retry_after: retryAfterSeconds },
        },
        { 'retry-after': String(retryAfterSeconds) },
      );
    }
    const endpoint = url.pathname.slice('/2/'.length);
    const body = await readBody(request);
    const headerArg = request.headers['dropbox-api-arg'];
    const arg = (headerArg ? JSON.parse(String(headerArg)) : body.length ? JSON.parse(body.toString()) : {}) as Record<
      string,
      unknown
    >;
    calls.push({ path: url.pathname, status: 200, arg });

    if (endpoint === 'files/list_folder') {
      const folder = arg['path'] === '' ? '' : normalise(String(arg['path']));
      if (!folderExists(folder)) return pathError(response, 'not_found');
      const prefix = folder === '' ? '/' : `${folder.toLowerCase()}/`;
      const entries: unknown[] = [];
      const folders = new Set<string>();
      for (const file of [...files.values()].sort((a, b) => a.path.localeCompare(b.path))) {
        if (!file.path.toLowerCase().startsWith(prefix)) continue;
        const parts = file.path.slice(prefix.length).split('/');
        if (!arg['recursive'] && parts.length > 1) continue;
        for (let depth = 1; depth < parts.length; depth += 1) {
          const sub = `${file.path.slice(0, prefix.length)}${parts.slice(0, depth).join('/')}`;
          if (!folders.has(sub.toLowerCase())) {
            folders.add(sub.toLowerCase());
            entries.push(folderEntry(sub));
          }
        }
        entries.push(fileEntry(file));
      }
      const limit = Math.min(Number(arg['limit'] ?? 2000) || 2000, 2000);
      const cursor = randomBytes(8).toString('hex');
      cursors.set(cursor, { entries, offset: limit, limit });
      return send(response, 200, { entries: entries.slice(0, limit), cursor, has_more: entries.length > limit });
    }
    if (endpoint === 'files/list_folder/continue') {
      const state = cursors.get(String(arg['cursor']));
      if (!state) return send(response, 409, { error_summary: 'reset/..', error: { '.tag': 'reset' } });
      const page = state.entries.slice(state.offset, state.offset + state.limit);
      state.offset += state.limit;
      return send(response, 200, {
        entries: page,
        cursor: arg['cursor'],
        has_more: state.offset < state.entries.length,
      });
    }
    if (endpoint === 'files/get_metadata') {
      const target = normalise(String(arg['path']));
      const file = files.get(target.toLowerCase());
      if (file) return send(response, 200, fileEntry(file));
      if (folderExists(target)) return send(response, 200, folderEntry(target));
      return pathError(response, 'not_found');
    }
    if (endpoint === 'files/download') {
      const file = files.get(normalise(String(arg['path'])).toLowerCase());
      if (!file) return pathError(response, 'not_found');
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': file.content.byteLength,
        'dropbox-api-result': JSON.stringify(fileEntry(file)),
      });
      return void response.end(file.content);
    }
    if (endpoint === 'files/upload') {
      if (request.headers['content-type'] !== 'application/octet-stream') {
        return send(response, 400, { error_summary: 'bad content type' });
      }
      const target = normalise(String(arg['path']));
      revision += 1;
      const file = { path: target, content: body, rev: `0${revision.toString(16)}a1b2c3` };
      files.set(target.toLowerCase(), file);
      return send(response, 200, fileEntry(file));
    }
    return send(response, 400, { error_summary: `unknown endpoint ${endpoint}` });
  }

  async function signIn(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    if (request.method === 'GET' && url.pathname === '/oauth2/authorize') return oauth.authorize(response, url);
    if (request.method === 'POST' && url.pathname === '/oauth2/token') return oauth.token(request, response);
    send(response, 404, { error: 'not_found' });
  }

  let baseUrl = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', baseUrl);
    const work =
      url.pathname.startsWith('/2/') && request.method === 'POST'
        ? api(request, response, url)
        : signIn(request, response, url);
    work.catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error_summary: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    clientId,
    clientSecret,
    tokenRequests: oauth.tokenRequests,
    calls,
    putFile(filePath: string, content: string) {
      revision += 1;
      const key = normalise(filePath);
      files.set(key.toLowerCase(), {
        path: key,
        content: Buffer.from(content),
        rev: `0${revision.toString(16)}a1b2c3`,
      });
    },
    deleteFile(filePath: string) {
      files.delete(normalise(filePath).toLowerCase());
    },
    file(filePath: string): DropboxStandInFile | undefined {
      return files.get(normalise(filePath).toLowerCase());
    },
    expireAccessTokens: oauth.expireAccessTokens,
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

export type DropboxStandIn = Awaited<ReturnType<typeof startDropboxStandIn>>;
