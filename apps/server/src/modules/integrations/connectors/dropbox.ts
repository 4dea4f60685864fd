import path from 'node:path/posix';
import type { DropboxSettings } from '@compliance/shared/integrations';
import type { TokenSource } from '../oauth.ts';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  contentTypeOf,
  httpStatusError,
  toConnectorError,
  type RemoteFile,
  type StorageConnector,
} from './connector.ts';

/** Entries asked for per list_folder page (Dropbox's maximum is 2,000). */
const PAGE_SIZE = 2_000;

interface Entry {
  '.tag': 'file' | 'folder' | 'deleted';
  name: string;
  path_lower?: string;
  path_display?: string;
  rev?: string;
  size?: number;
  content_hash?: string;
}

interface ListPage {
  entries: Entry[];
  cursor: string;
  has_more: boolean;
}

/**
 * Dropbox's HTTP API (v2) called directly through the SSRF-guarded fetch. The official `dropbox` SDK
 * is not used: it builds every address as `https://<api|content>.<domain>/2/…`, so it cannot be
 * pointed at a plain-HTTP stand-in on a loopback port, and the handful of calls used here
 * (list_folder/continue, get_metadata, download, upload) are plain JSON POSTs.
 */
export function createDropboxConnector(
  settings: DropboxSettings,
  tokens: TokenSource,
  outbound: Outbound,
  { apiUrl, contentUrl, pageSize = PAGE_SIZE }: { apiUrl: string; contentUrl: string; pageSize?: number },
): StorageConnector {
  outbound.checkUrl(apiUrl);
  outbound.checkUrl(contentUrl);
  // Dropbox names the root "" and every other folder "/a/b" (no trailing slash).
  const root = normaliseFolder(settings.remotePath);

  /** Sends one call with the bearer token; a 401 refreshes the token once and sends it again. */
  async function send(url: string, init: { headers: Record<string, string>; body?: string | Uint8Array }) {
    const attempt = async (token: string) => {
      try {
        return await outbound.fetch(url, {
          method: 'POST',
          headers: { ...init.headers, authorization: `Bearer ${token}` },
          body: init.body,
        });
      } catch (error) {
        throw toConnectorError(error);
      }
    };
    const token = await tokens.current();
    let response = await attempt(token);
    if (response.status === 401) {
      await response.body?.cancel();
      response = await attempt(await tokens.refresh(token));
    }
    if (!response.ok) throw await failure(response);
    return response;
  }

  /** Dropbox answers 409 with an `error_summary` ("path/not_found/..") for errors of the call itself. */
  async function failure(response: Response): Promise<ConnectorError> {
    const text = (await response.text().catch(() => '')).slice(0, 2_000);
    let summary = text;
    try {
      summary = String((JSON.parse(text) as { error_summary?: unknown }).error_summary ?? text);
    } catch {
      // Not JSON (Dropbox answers 400 with plain text): its words are the detail.
    }
    const detail = `Dropbox answered ${response.status}: ${summary}`.slice(0, 300);
    if (response.status === 409 && /not_found|not_folder|not_file/.test(summary)) {
      return new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', detail);
    }
    return httpStatusError(response.status, detail, response.headers.get('retry-after'));
  }

  async function rpc<T>(endpoint: string, argument: unknown): Promise<T> {
    const response = await send(`${apiUrl}/2/${endpoint}`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(argument),
    });
    return (await response.json().catch((error: unknown) => {
      throw toConnectorError(error);
    })) as T;
  }

  function fullPath(relative: string): string {
    return path.join(root || '/', relative);
  }

  return {
    describe: () => `Dropbox${root || '/'}`,

    async check() {
      if (!root) {
        await rpc<ListPage>('files/list_folder', { path: '', limit: 1 });
        return;
      }
      const entry = await rpc<Entry>('files/get_metadata', { path: root });
      if (entry['.tag'] !== 'folder')
        throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${root} is not a folder`);
    },

    async list(limit) {
      const found: RemoteFile[] = [];
      const prefix = `${root.toLowerCase()}/`;
      let page = await rpc<ListPage>('files/list_folder', { path: root, recursive: true, limit: pageSize });
      for (;;) {
        for (const entry of page.entries) {
          if (entry['.tag'] !== 'file' || !entry.path_lower?.startsWith(prefix)) continue;
          // The displayed path keeps the case the user gave; the lower-case one decides what is under the root.
          const display = entry.path_display ?? entry.path_lower;
          const relative = display.slice(prefix.length);
          found.push({
            path: relative,
            version: entry.content_hash ?? entry.rev ?? `${entry.size ?? 0}`,
            size: entry.size ?? 0,
            contentType: contentTypeOf(relative),
          });
          if (found.length > limit) break;
        }
        if (!page.has_more || found.length > limit) break;
        page = await rpc<ListPage>('files/list_folder/continue', { cursor: page.cursor });
      }
      return found.sort((a, b) => a.path.localeCompare(b.path));
    },

    async read(relative, maxBytes) {
      const response = await send(`${contentUrl}/2/files/download`, {
        headers: { 'dropbox-api-arg': headerJson({ path: fullPath(relative) }) },
      });
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel();
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
      }
      const bytes = new Uint8Array(
        await response.arrayBuffer().catch((error: unknown) => {
          throw toConnectorError(error);
        }),
      );
      if (bytes.byteLength > maxBytes)
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
      return bytes;
    },

    async write(relative, content) {
      // Uploads create the folders of the path; the content type is Dropbox's own (it keeps bytes only).
      const response = await send(`${contentUrl}/2/files/upload`, {
        headers: {
          'content-type': 'application/octet-stream',
          'dropbox-api-arg': headerJson({ path: fullPath(relative), mode: 'overwrite', autorename: false, mute: true }),
        },
        body: new TextEncoder().encode(content),
      });
      await response.body?.cancel();
    },
  };
}

/** JSON for the Dropbox-API-Arg header: characters outside ASCII escaped, as Dropbox asks. */
function headerJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function normaliseFolder(value: string): string {
  const joined = path.join('/', value || '/');
  const trimmed = joined.endsWith('/') ? joined.slice(0, -1) : joined;
  return trimmed;
}
