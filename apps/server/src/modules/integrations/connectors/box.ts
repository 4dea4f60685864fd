import path from 'node:path/posix';
import type { BoxSettings } from '@compliance/shared/integrations';
import type { TokenSource } from '../oauth.ts';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  contentTypeOf,
  httpStatusError,
  listFolderTree,
  retryAfterMs,
  toConnectorError,
  type StorageConnector,
} from './connector.ts';
import { fetchWithToken, readBytesCapped } from './http.ts';

/** Items asked for per page of a folder (Box's maximum is 1,000). */
const PAGE_SIZE = 1_000;

interface Item {
  type: 'file' | 'folder' | 'web_link';
  id: string;
  name: string;
  sha1?: string;
  etag?: string;
  size?: number;
}

interface ItemsPage {
  entries: Item[];
  total_count: number;
  offset: number;
  limit: number;
}

interface BoxError {
  code?: string;
  message?: string;
  context_info?: { conflicts?: Item | Item[] };
}

/**
 * Box's Content API (2.0), called directly through the SSRF-guarded fetch. The official
 * `box-typescript-sdk-gen` can be given other base URLs, but its network client (node-fetch with one
 * agent for every address) follows redirects itself — to an IP address the guard's look-up never sees —
 * and sleeps through 429s; keeping the guard, the shared token refresh and Retry-After as a rate-limit
 * error would mean replacing that client, i.e. writing these few calls anyway. Folders are walked by id
 * ("0" is All Files); the version is the content's SHA-1 (the etag when Box gives none). An upload of a
 * name that exists answers 409 with the file's id, which then gets a new version.
 */
export function createBoxConnector(
  settings: BoxSettings,
  tokens: TokenSource,
  outbound: Outbound,
  { apiUrl, contentUrl, pageSize = PAGE_SIZE }: { apiUrl: string; contentUrl: string; pageSize?: number },
): StorageConnector {
  outbound.checkUrl(apiUrl);
  outbound.checkUrl(contentUrl);
  const api = `${apiUrl.replace(/\/+$/, '')}/2.0`;
  const upload = `${contentUrl.replace(/\/+$/, '')}/api/2.0`;
  const rootId = settings.remoteFolderId;
  /** What `list` found, by path: `read` needs the id. */
  const listed = new Map<string, Item>();

  /** Sends a call; an error answer is thrown, except the statuses the caller handles itself. */
  async function send(
    url: string,
    init: Parameters<typeof fetchWithToken>[3] = {},
    handled: number[] = [],
  ): Promise<Response> {
    const response = await fetchWithToken(outbound, tokens, url, init);
    if (!response.ok && !handled.includes(response.status)) throw await failure(response);
    return response;
  }

  async function errorBody(response: Response): Promise<{ text: string; error: BoxError }> {
    const text = (await response.text().catch(() => '')).slice(0, 4_000);
    try {
      return { text, error: JSON.parse(text) as BoxError };
    } catch {
      // Not JSON (a proxy's page): its words are the detail.
      return { text, error: {} };
    }
  }

  /** Box answers errors as `{ type: 'error', status, code, message }`. */
  async function failure(response: Response): Promise<ConnectorError> {
    const { text, error } = await errorBody(response);
    const words = error.code ? [error.code, error.message].filter(Boolean).join(': ') : text;
    const detail = `Box answered ${response.status}: ${words}`.slice(0, 300);
    return httpStatusError(response.status, detail, response.headers.get('retry-after'));
  }

  async function json<T>(response: Response): Promise<T> {
    return (await response.json().catch((error: unknown) => {
      throw toConnectorError(error);
    })) as T;
  }

  async function folder(id: string): Promise<void> {
    const item = await json<Item>(await send(`${api}/folders/${encodeURIComponent(id)}?fields=id,type,name`));
    if (item.type !== 'folder') throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${id} is not a folder`);
  }

  async function items(folderId: string): Promise<Item[]> {
    const found: Item[] = [];
    for (let offset = 0; ; offset += pageSize) {
      const params = new URLSearchParams({
        fields: 'type,id,name,sha1,etag,size',
        limit: String(pageSize),
        offset: String(offset),
      });
      const page = await json<ItemsPage>(await send(`${api}/folders/${encodeURIComponent(folderId)}/items?${params}`));
      found.push(...page.entries);
      if (page.entries.length === 0 || offset + page.entries.length >= page.total_count) return found;
    }
  }

  /** The file at a path under the folder, by walking its folders (when `list` has not seen it). */
  async function resolve(relative: string): Promise<Item> {
    let parent = rootId;
    const parts = relative.split('/').filter(Boolean);
    for (const [index, part] of parts.entries()) {
      const wanted = index === parts.length - 1 ? 'file' : 'folder';
      const match = (await items(parent)).find((item) => item.name === part && item.type === wanted);
      if (!match) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${relative} is not in the folder`);
      if (wanted === 'file') return match;
      parent = match.id;
    }
    throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${relative} is not a file`);
  }

  /** The id of what a 409 "item_name_in_use" names as being in the way. */
  function conflictId(error: BoxError): string | null {
    const conflicts = error.context_info?.conflicts;
    const first = Array.isArray(conflicts) ? conflicts[0] : conflicts;
    return error.code === 'item_name_in_use' && first?.id ? first.id : null;
  }

  /** The id of a sub-folder, made when missing (Box tells the existing one in its 409). */
  async function ensureFolder(parentId: string, name: string): Promise<string> {
    const response = await send(
      `${api}/folders?fields=id`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, parent: { id: parentId } }),
      },
      [409],
    );
    if (response.ok) return (await json<Item>(response)).id;
    const { error } = await errorBody(response);
    const existing = conflictId(error);
    if (!existing) throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `Box answered 409: ${error.code ?? ''}`);
    return existing;
  }

  /** Box's uploads are multipart forms: the attributes (JSON) first, then the file. */
  function uploadForm(attributes: unknown, name: string, contentType: string, bytes: Uint8Array) {
    const boundary = `compliance-${crypto.randomUUID()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="attributes"\r\n\r\n${JSON.stringify(attributes)}\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${encodeURIComponent(name)}"\r\n` +
          `content-type: ${contentType}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(body),
    };
  }

  return {
    describe: () => `Box/${rootId === '0' ? '' : rootId}`,

    async check() {
      await folder(rootId);
    },

    async list(limit) {
      await folder(rootId);
      listed.clear();
      return listFolderTree(rootId, limit, items, (item, relative) => {
        if (item.type === 'folder') return { folderId: item.id };
        if (item.type !== 'file') return null;
        listed.set(relative, item);
        return {
          file: {
            version: item.sha1 || item.etag || `${item.size ?? 0}`,
            size: item.size ?? 0,
            contentType: contentTypeOf(relative),
          },
        };
      });
    },

    async read(relative, maxBytes) {
      const item = listed.get(relative) ?? (await resolve(relative));
      if ((item.size ?? 0) > maxBytes) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
      }
      const response = await send(`${api}/files/${encodeURIComponent(item.id)}/content`, {}, [302]);
      if (response.status === 202) {
        // Box is still preparing the file (just uploaded): try again after the time it asks for.
        await response.body?.cancel();
        throw new ConnectorError(
          'INTEGRATION_RATE_LIMITED',
          `Box answered 202: ${relative} is not ready to download yet`,
          retryAfterMs(response.headers.get('retry-after')),
        );
      }
      if (response.status !== 302) return readBytesCapped(response, maxBytes);
      // Box answers with a redirect to a pre-authenticated download address: followed without the token,
      // through the guard like any address.
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'a download redirect without a location');
      let download: Response;
      try {
        download = await outbound.fetch(new URL(location, api).href);
      } catch (error) {
        throw toConnectorError(error);
      }
      if (!download.ok) throw await failure(download);
      return readBytesCapped(download, maxBytes);
    },

    async write(relative, content, contentType) {
      let parent = rootId;
      const directory = path.dirname(relative);
      if (directory !== '.') {
        for (const part of directory.split('/').filter(Boolean)) parent = await ensureFolder(parent, part);
      }
      const name = path.basename(relative);
      const bytes = new TextEncoder().encode(content);
      const created = await send(
        `${upload}/files/content?fields=id`,
        uploadForm({ name, parent: { id: parent } }, name, contentType, bytes),
        [409],
      );
      if (created.ok) {
        await created.body?.cancel();
        return;
      }
      const { error } = await errorBody(created);
      const existing = conflictId(error);
      if (!existing) throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `Box answered 409: ${error.code ?? ''}`);
      const replaced = await send(
        `${upload}/files/${encodeURIComponent(existing)}/content?fields=id`,
        uploadForm({ name }, name, contentType, bytes),
      );
      await replaced.body?.cancel();
    },
  };
}
