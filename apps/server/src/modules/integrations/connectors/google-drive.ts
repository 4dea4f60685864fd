import path from 'node:path/posix';
import type { GoogledriveSettings } from '@compliance/shared/integrations';
import type { TokenSource } from '../oauth.ts';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  httpStatusError,
  listFolderTree,
  retryAfterMs,
  toConnectorError,
  type StorageConnector,
} from './connector.ts';
import { fetchWithToken, readBytesCapped } from './http.ts';

/** Files asked for per files.list page (Drive's maximum is 1,000). */
const PAGE_SIZE = 1_000;
const FOLDER = 'application/vnd.google-apps.folder';
const FILE_FIELDS = 'id,name,mimeType,md5Checksum,version,size,modifiedTime';

/**
 * Google's own documents have no bytes of their own: they are exported (Docs and Slides as PDF, Sheets'
 * first sheet as CSV) and named with that format's extension. Other Google kinds (forms, shortcuts,
 * drawings, sites) are not synced.
 */
const EXPORTS: Record<string, { mimeType: string; extension: string }> = {
  'application/vnd.google-apps.document': { mimeType: 'application/pdf', extension: '.pdf' },
  'application/vnd.google-apps.presentation': { mimeType: 'application/pdf', extension: '.pdf' },
  'application/vnd.google-apps.spreadsheet': { mimeType: 'text/csv', extension: '.csv' },
};

interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  md5Checksum?: string;
  version?: string;
  size?: string;
  modifiedTime?: string;
}

interface FileListPage {
  files: DriveFile[];
  nextPageToken?: string;
}

/** A listed item under the name it is synced as (an exported document's with its extension). */
interface Child {
  name: string;
  file: DriveFile;
  export: { mimeType: string; extension: string } | null;
}

/**
 * Google Drive through its REST API v3, called directly through the SSRF-guarded fetch. The official
 * `@googleapis/drive` client is not used: it builds upload addresses from a fixed root
 * (https://www.googleapis.com/upload/…) whatever base URL it is given, so uploads could not be pointed
 * at GOOGLE_DRIVE_URL (a stand-in, a proxy), and the few calls used here are plain JSON and media.
 * Drive names folders by id: the connection's folder is an id ("root" = My Drive) and its files are
 * walked folder by folder with `files.list` (q = '<id>' in parents). The version is the content's MD5,
 * Drive's `version` for Google documents (which have none).
 */
export function createGoogleDriveConnector(
  settings: GoogledriveSettings,
  tokens: TokenSource,
  outbound: Outbound,
  { apiUrl, pageSize = PAGE_SIZE }: { apiUrl: string; pageSize?: number },
): StorageConnector {
  outbound.checkUrl(apiUrl);
  const api = `${apiUrl.replace(/\/+$/, '')}/drive/v3`;
  const upload = `${apiUrl.replace(/\/+$/, '')}/upload/drive/v3`;
  const rootId = settings.remoteFolderId;
  /** What `list` found, by path: `read` needs the id (paths are ours, Drive knows none). */
  const listed = new Map<string, Child>();

  async function send(url: string, init: Parameters<typeof fetchWithToken>[3] = {}): Promise<Response> {
    const response = await fetchWithToken(outbound, tokens, url, init);
    if (!response.ok) throw await failure(response);
    return response;
  }

  /**
   * Google answers errors as `{ error: { code, message, errors: [{ reason }] } }`, and 403 for more than a
   * refused permission: a rate limit ("userRateLimitExceeded", "rateLimitExceeded") and an export that is
   * too large ("exportSizeLimitExceeded") are told as what they are.
   */
  async function failure(response: Response): Promise<ConnectorError> {
    const text = (await response.text().catch(() => '')).slice(0, 2_000);
    let message = text;
    let reason = '';
    try {
      const error = (JSON.parse(text) as { error?: { message?: string; errors?: { reason?: string }[] } }).error;
      message = error?.message ?? text;
      reason = error?.errors?.[0]?.reason ?? '';
    } catch {
      // Not JSON (a proxy's page): its words are the detail.
    }
    const detail = `Google Drive answered ${response.status}: ${[reason, message].filter(Boolean).join(': ')}`.slice(
      0,
      300,
    );
    const retryAfter = response.headers.get('retry-after');
    if (response.status === 403 && /rateLimitExceeded/i.test(reason)) {
      return new ConnectorError('INTEGRATION_RATE_LIMITED', detail, retryAfterMs(retryAfter));
    }
    if (response.status === 403 && reason === 'exportSizeLimitExceeded') {
      return new ConnectorError('INTEGRATION_REMOTE_ERROR', detail);
    }
    return httpStatusError(response.status, detail, retryAfter);
  }

  async function json<T>(url: string, init?: Parameters<typeof fetchWithToken>[3]): Promise<T> {
    const response = await send(url, init);
    return (await response.json().catch((error: unknown) => {
      throw toConnectorError(error);
    })) as T;
  }

  const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

  async function folder(id: string): Promise<DriveFile> {
    const item = await json<DriveFile>(
      `${api}/files/${encodeURIComponent(id)}?${new URLSearchParams({ fields: FILE_FIELDS, supportsAllDrives: 'true' })}`,
    );
    if (item.mimeType !== FOLDER) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${id} is not a folder`);
    return item;
  }

  /** A folder's items (not in the bin), every page; `name` narrows it to the items of that name. */
  async function children(folderId: string, name?: string): Promise<Child[]> {
    const query = [`${quoted(folderId)} in parents`, 'trashed = false', ...(name ? [`name = ${quoted(name)}`] : [])];
    const found: Child[] = [];
    let pageToken: string | undefined;
    do {
      const params = new URLSearchParams({
        q: query.join(' and '),
        fields: `nextPageToken,files(${FILE_FIELDS})`,
        pageSize: String(pageSize),
        orderBy: 'name',
        supportsAllDrives: 'true',
        includeItemsFromAllDrives: 'true',
      });
      if (pageToken) params.set('pageToken', pageToken);
      const page = await json<FileListPage>(`${api}/files?${params}`);
      for (const file of page.files) {
        const exported = EXPORTS[file.mimeType] ?? null;
        if (file.mimeType !== FOLDER && file.mimeType.startsWith('application/vnd.google-apps.') && !exported) continue;
        const synced =
          exported && !file.name.toLowerCase().endsWith(exported.extension)
            ? file.name + exported.extension
            : file.name;
        found.push({ name: synced, file, export: exported });
      }
      pageToken = page.nextPageToken;
    } while (pageToken);
    return found;
  }

  /** The item at a path under the folder, by walking its folders (when `list` has not seen it). */
  async function resolve(relative: string): Promise<Child> {
    let parent = rootId;
    const parts = relative.split('/').filter(Boolean);
    for (const [index, part] of parts.entries()) {
      const last = index === parts.length - 1;
      const match = (await children(parent)).find(
        (child) => child.name === part && (child.file.mimeType === FOLDER) === !last,
      );
      if (!match) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${relative} is not in the folder`);
      if (last) return match;
      parent = match.file.id;
    }
    throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${relative} is not a file`);
  }

  /** The id of a sub-folder, made when missing. */
  async function ensureFolder(parentId: string, name: string): Promise<string> {
    const existing = (await children(parentId, name)).find((child) => child.file.mimeType === FOLDER);
    if (existing) return existing.file.id;
    const made = await json<DriveFile>(`${api}/files?supportsAllDrives=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, mimeType: FOLDER, parents: [parentId] }),
    });
    return made.id;
  }

  return {
    describe: () => `Google Drive/${rootId === 'root' ? '' : rootId}`,

    async check() {
      await folder(rootId);
    },

    async list(limit) {
      await folder(rootId);
      listed.clear();
      return listFolderTree(rootId, limit, children, (child, relative) => {
        if (child.file.mimeType === FOLDER) return { folderId: child.file.id };
        listed.set(relative, child);
        return {
          file: {
            version: child.file.md5Checksum ?? child.file.version ?? child.file.modifiedTime ?? '',
            // An export's size is known only once it is made (`read` enforces the limit then).
            size: child.export ? 0 : Number(child.file.size ?? 0),
            contentType: child.export?.mimeType ?? (child.file.mimeType || 'application/octet-stream'),
          },
        };
      });
    },

    async read(relative, maxBytes) {
      const child = listed.get(relative) ?? (await resolve(relative));
      if (!child.export && Number(child.file.size ?? 0) > maxBytes) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
      }
      const id = encodeURIComponent(child.file.id);
      const url = child.export
        ? `${api}/files/${id}/export?${new URLSearchParams({ mimeType: child.export.mimeType })}`
        : `${api}/files/${id}?alt=media&supportsAllDrives=true`;
      return readBytesCapped(await send(url), maxBytes);
    },

    async write(relative, content, contentType) {
      let parent = rootId;
      const directory = path.dirname(relative);
      if (directory !== '.') {
        for (const part of directory.split('/').filter(Boolean)) parent = await ensureFolder(parent, part);
      }
      const name = path.basename(relative);
      const bytes = new TextEncoder().encode(content);
      const existing = (await children(parent, name)).find((child) => child.file.mimeType !== FOLDER && !child.export);
      if (existing) {
        // A new revision of the same file (its id, sharing and links are kept).
        const response = await send(
          `${upload}/files/${encodeURIComponent(existing.file.id)}?uploadType=media&supportsAllDrives=true`,
          { method: 'PATCH', headers: { 'content-type': contentType }, body: bytes },
        );
        await response.body?.cancel();
        return;
      }
      // A multipart upload: the file's metadata (name, folder) and its content in one request.
      const boundary = `compliance-${crypto.randomUUID()}`;
      const metadata = JSON.stringify({ name, parents: [parent], mimeType: contentType.split(';')[0] });
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n` +
            `--${boundary}\r\ncontent-type: ${contentType}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await send(`${upload}/files?uploadType=multipart&supportsAllDrives=true`, {
        method: 'POST',
        headers: { 'content-type': `multipart/related; boundary=${boundary}` },
        body: new Uint8Array(body),
      });
      await response.body?.cancel();
    },
  };
}
