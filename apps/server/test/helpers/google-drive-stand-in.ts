import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePdf } from '../ingestion/fixtures.ts';
import { parseMultipart } from './multipart-body.ts';
import { createOAuthStandIn, readBody, sendJson as send } from './oauth-stand-in.ts';

/**
 * A local stand-in for Google's OAuth endpoints and the Drive API v3: an HTTP server on 127.0.0.1
 * speaking exactly the calls the Google Drive connector and the OAuth flow make (GOOGLE_ACCOUNTS_URL,
 * GOOGLE_OAUTH_URL and GOOGLE_DRIVE_URL all point here; Google cannot be reached from here).
 *
 * - `GET /o/oauth2/v2/auth` and `POST /token`: the shared OAuth stand-in (oauth-stand-in.ts); Google keeps
 *   the refresh token on a refresh.
 * - `GET /drive/v3/files` with `q = '<folder>' in parents and trashed = false [and name = '<name>']`
 *   (nothing else is understood: another query is a 400), paged by `pageSize`/`pageToken`, the files'
 *   fields as `fields` asks (`files(id,name,…)`); `GET /drive/v3/files/{id}` (metadata, or the bytes with
 *   `alt=media`; a Google document answers 403 `fileNotDownloadable`), `GET /drive/v3/files/{id}/export`
 *   (Docs and Slides as a PDF, Sheets as CSV; 403 `exportSizeLimitExceeded` past `exportLimitBytes`),
 *   `POST /drive/v3/files` (a folder), `POST /upload/drive/v3/files?uploadType=multipart` (multipart/related:
 *   metadata, then content) and `PATCH /upload/drive/v3/files/{id}?uploadType=media` (a new revision).
 * - Files carry an `md5Checksum` (not Google documents) and a `version` that grows with every change.
 * - Errors as `{ error: { code, message, errors: [{ reason }] } }`: 404 `notFound`, 401 `authError` for a
 *   missing, unknown or expired token; after `throttle(n, seconds)` the next n API calls answer 429
 *   `rateLimitExceeded` with Retry-After (or 403 `userRateLimitExceeded`, as Drive also does).
 */

export const GOOGLE_FOLDER = 'application/vnd.google-apps.folder';
export const GOOGLE_DOCUMENT = 'application/vnd.google-apps.document';
export const GOOGLE_SPREADSHEET = 'application/vnd.google-apps.spreadsheet';

export interface DriveStandInItem {
  id: string;
  name: string;
  mimeType: string;
  parent: string;
  content: Buffer;
  version: number;
  trashed: boolean;
}

export interface DriveStandInCall {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export async function startGoogleDriveStandIn({
  clientId = 'stand-in-google-client.apps.googleusercontent.com',
  clientSecret = 'stand-in-google-secret',
  accessTokenSeconds = 3599,
  exportLimitBytes = 10 * 1024 * 1024,
}: { clientId?: string; clientSecret?: string; accessTokenSeconds?: number; exportLimitBytes?: number } = {}) {
  const oauth = createOAuthStandIn({
    clientId,
    clientSecret,
    accessTokenSeconds,
    accessTokenPrefix: 'ya29.stand-in-',
    refreshTokenPrefix: '1//stand-in-',
    rotateRefreshTokens: false,
  });
  const items = new Map<string, DriveStandInItem>([
    [
      'root',
      {
        id: 'root',
        name: 'My Drive',
        mimeType: GOOGLE_FOLDER,
        parent: '',
        content: Buffer.alloc(0),
        version: 1,
        trashed: false,
      },
    ],
  ]);
  const calls: DriveStandInCall[] = [];
  let throttled = 0;
  let throttleStatus = 429;
  let retryAfterSeconds = 1;
  let sequence = 0;
  let version = 100;

  const driveError = (response: http.ServerResponse, status: number, reason: string, message: string, headers = {}) =>
    send(
      response,
      status,
      { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } },
      headers,
    );
  const notFound = (response: http.ServerResponse, id: string) =>
    driveError(response, 404, 'notFound', `File not found: ${id}.`);

  const childrenOf = (parent: string) => [...items.values()].filter((item) => item.parent === parent);
  const find = (parent: string, name: string) => childrenOf(parent).find((item) => item.name === name && !item.trashed);

  /** The item at a path ("/A/B/c.txt") under My Drive; folders are made on the way when `create`. */
  function at(itemPath: string, create = false): DriveStandInItem | undefined {
    let current = items.get('root')!;
    for (const part of itemPath.split('/').filter(Boolean)) {
      let next = find(current.id, part);
      if (!next && create) {
        next = {
          id: `fld-${(sequence += 1)}`,
          name: part,
          mimeType: GOOGLE_FOLDER,
          parent: current.id,
          content: Buffer.alloc(0),
          version: (version += 1),
          trashed: false,
        };
        items.set(next.id, next);
      }
      if (!next) return undefined;
      current = next;
    }
    return current;
  }

  /** An item as the API answers it, with the fields asked for (`id,name` or `files(id,name)`). */
  function resource(item: DriveStandInItem, fields: string | null) {
    const full: Record<string, unknown> = {
      kind: 'drive#file',
      id: item.id,
      name: item.name,
      mimeType: item.mimeType,
      version: String(item.version),
      modifiedTime: new Date(1_700_000_000_000 + item.version * 1000).toISOString(),
      parents: [item.parent],
    };
    if (!item.mimeType.startsWith('application/vnd.google-apps.')) {
      full['md5Checksum'] = createHash('md5').update(item.content).digest('hex');
      full['size'] = String(item.content.byteLength);
    }
    const wanted = /files\(([^)]*)\)/.exec(fields ?? '')?.[1] ?? fields;
    if (!wanted) return { kind: full['kind'], id: full['id'], name: full['name'], mimeType: full['mimeType'] };
    return Object.fromEntries(wanted.split(',').flatMap((field) => (field in full ? [[field, full[field]]] : [])));
  }

  async function api(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    if (oauth.bearer(request) !== 'valid') {
      return driveError(response, 401, 'authError', 'Request had invalid authentication credentials.', {
        'www-authenticate': 'Bearer realm="https://accounts.google.com/"',
      });
    }
    if (throttled > 0) {
      throttled -= 1;
      return throttleStatus === 429
        ? driveError(response, 429, 'rateLimitExceeded', 'Rate Limit Exceeded', {
            'retry-after': String(retryAfterSeconds),
          })
        : driveError(response, 403, 'userRateLimitExceeded', 'User Rate Limit Exceeded');
    }
    const query = url.searchParams;
    const upload = url.pathname.startsWith('/upload/');
    const rest = url.pathname.replace(/^\/(upload\/)?drive\/v3/, '');

    if (!upload && request.method === 'GET' && rest === '/files') {
      const match = /^'([^']+)' in parents and trashed = false(?: and name = '((?:[^'\\]|\\.)*)')?$/.exec(
        query.get('q') ?? '',
      );
      if (!match) return driveError(response, 400, 'invalidQuery', `Unsupported query: ${query.get('q')}`);
      const parent = items.get(match[1]!);
      if (!parent) return notFound(response, match[1]!);
      const name = match[2]?.replace(/\\(.)/g, '$1');
      const all = childrenOf(parent.id)
        .filter((item) => !item.trashed && (name === undefined || item.name === name))
        .sort((a, b) => a.name.localeCompare(b.name));
      const size = Math.min(Number(query.get('pageSize') ?? 100) || 100, 1000);
      const offset = Number(query.get('pageToken') ?? 0) || 0;
      const page = all.slice(offset, offset + size);
      return send(response, 200, {
        kind: 'drive#fileList',
        files: page.map((item) => resource(item, query.get('fields'))),
        ...(offset + size < all.length ? { nextPageToken: String(offset + size) } : {}),
      });
    }
    if (!upload && request.method === 'POST' && rest === '/files') {
      const metadata = JSON.parse((await readBody(request)).toString()) as {
        name: string;
        mimeType: string;
        parents: string[];
      };
      const parent = items.get(metadata.parents[0] ?? 'root');
      if (!parent) return notFound(response, metadata.parents[0]!);
      const folder = {
        id: `fld-${(sequence += 1)}`,
        name: metadata.name,
        mimeType: metadata.mimeType,
        parent: parent.id,
        content: Buffer.alloc(0),
        version: (version += 1),
        trashed: false,
      };
      items.set(folder.id, folder);
      return send(response, 200, resource(folder, null));
    }
    if (upload && request.method === 'POST' && rest === '/files') {
      if (query.get('uploadType') !== 'multipart') return driveError(response, 400, 'badRequest', 'uploadType');
      const [meta, media] = parseMultipart(await readBody(request), String(request.headers['content-type']));
      if (!meta || !media) return driveError(response, 400, 'badRequest', 'two parts expected');
      const metadata = JSON.parse(meta.content.toString()) as { name: string; parents?: string[]; mimeType?: string };
      const parent = items.get(metadata.parents?.[0] ?? 'root');
      if (!parent) return notFound(response, String(metadata.parents?.[0]));
      const file = {
        id: `file-${(sequence += 1)}`,
        name: metadata.name,
        mimeType: metadata.mimeType ?? media.headers['content-type'] ?? 'application/octet-stream',
        parent: parent.id,
        content: media.content,
        version: (version += 1),
        trashed: false,
      };
      items.set(file.id, file);
      return send(response, 200, resource(file, null));
    }
    const byId = /^\/files\/([^/]+)(\/export)?$/.exec(rest);
    const item = byId ? items.get(decodeURIComponent(byId[1]!)) : undefined;
    if (!byId) return driveError(response, 400, 'badRequest', `Unsupported path ${url.pathname}`);
    if (!item || item.trashed) return notFound(response, decodeURIComponent(byId[1]!));
    if (upload && request.method === 'PATCH') {
      if (query.get('uploadType') !== 'media') return driveError(response, 400, 'badRequest', 'uploadType');
      item.content = await readBody(request);
      item.version = version += 1;
      return send(response, 200, resource(item, null));
    }
    if (request.method !== 'GET') return driveError(response, 405, 'badRequest', 'Method not allowed');
    if (byId[2]) {
      const asked = query.get('mimeType');
      const pdf = asked === 'application/pdf' && item.mimeType !== GOOGLE_SPREADSHEET;
      const csv = asked === 'text/csv' && item.mimeType === GOOGLE_SPREADSHEET;
      if (!item.mimeType.startsWith('application/vnd.google-apps.') || (!pdf && !csv)) {
        return driveError(response, 400, 'badRequest', `Export to ${asked} is not supported for this file`);
      }
      if (item.content.byteLength > exportLimitBytes) {
        return driveError(response, 403, 'exportSizeLimitExceeded', 'This file is too large to be exported.');
      }
      const bytes = pdf ? Buffer.from(makePdf([item.content.toString().split('\n')])) : item.content;
      response.writeHead(200, { 'content-type': asked!, 'content-length': bytes.byteLength });
      return void response.end(bytes);
    }
    if (query.get('alt') === 'media') {
      if (item.mimeType.startsWith('application/vnd.google-apps.')) {
        return driveError(
          response,
          403,
          'fileNotDownloadable',
          'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
        );
      }
      response.writeHead(200, { 'content-type': item.mimeType, 'content-length': item.content.byteLength });
      return void response.end(item.content);
    }
    return send(response, 200, resource(item, query.get('fields')));
  }

  async function signIn(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return oauth.authorize(response, url);
    if (request.method === 'POST' && url.pathname === '/token') return oauth.token(request, response);
    send(response, 404, { error: 'not_found' });
  }

  let baseUrl = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', baseUrl);
    const work = /^\/(upload\/)?drive\/v3\//.test(url.pathname)
      ? api(request, response, url)
      : signIn(request, response, url);
    work
      .then(() =>
        calls.push({
          method: request.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          status: response.statusCode,
        }),
      )
      .catch((error: unknown) => {
        if (!response.headersSent) driveError(response, 500, 'backendError', String(error));
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
    authorizeRequests: oauth.authorizeRequests,
    /** Adds a file at a path under My Drive (its folders made on the way) or replaces its content. */
    putFile(filePath: string, content: string, { mimeType = 'text/plain' } = {}): DriveStandInItem {
      const parts = filePath.split('/').filter(Boolean);
      const folder = at(parts.slice(0, -1).join('/'), true)!;
      const name = parts.at(-1)!;
      const existing = find(folder.id, name);
      if (existing) {
        existing.content = Buffer.from(content);
        existing.version = version += 1;
        return existing;
      }
      const file = {
        id: `file-${(sequence += 1)}`,
        name,
        mimeType,
        parent: folder.id,
        content: Buffer.from(content),
        version: (version += 1),
        trashed: false,
      };
      items.set(file.id, file);
      return file;
    },
    /** The id of the folder at a path (made when missing). */
    folderId(folderPath: string): string {
      return at(folderPath, true)!.id;
    },
    /** Moves a file to the bin (it is still there, with `trashed`, as in Drive). */
    trashFile(filePath: string) {
      const item = at(filePath);
      if (item) item.trashed = true;
    },
    file(filePath: string): DriveStandInItem | undefined {
      return at(filePath);
    },
    expireAccessTokens: oauth.expireAccessTokens,
    revokeAll: oauth.revokeAll,
    /** The next `count` API calls answer 429 with Retry-After: `seconds` (or 403 userRateLimitExceeded). */
    throttle(count: number, seconds = 1, status: 429 | 403 = 429) {
      throttled = count;
      retryAfterSeconds = seconds;
      throttleStatus = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type GoogleDriveStandIn = Awaited<ReturnType<typeof startGoogleDriveStandIn>>;
