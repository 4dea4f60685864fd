import path from 'node:path/posix';
import type { FileStat, WebDAVClient } from 'webdav';
import type { WebdavSettings } from '@compliance/shared/integrations';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  httpStatusError,
  toConnectorError,
  type RemoteFile,
  type StorageConnector,
} from './connector.ts';

/**
 * WebDAV storage (Nextcloud, ownCloud, on-premises SharePoint, Apache mod_dav) through the `webdav`
 * client. Folders are walked one level at a time (Depth: 1): many servers refuse Depth: infinity.
 */
export function createWebdavConnector(
  settings: WebdavSettings,
  password: string,
  outbound: Outbound,
): StorageConnector {
  const base = settings.url.endsWith('/') ? settings.url : `${settings.url}/`;
  outbound.checkUrl(base);
  // The `webdav` client is loaded with the first call, not at the server's start (docs/performance.md, "Memory").
  let opened: Promise<WebDAVClient> | undefined;
  const client = () =>
    (opened ??= import('webdav').then(({ createClient }) =>
      createClient(base, {
        username: settings.username,
        password,
        httpAgent: outbound.httpAgent,
        httpsAgent: outbound.httpsAgent,
      }),
    ));
  const root = normaliseFolder(settings.remotePath);

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number') {
        const retryAfter = (
          error as { response?: { headers?: { get?: (name: string) => string | null } } }
        ).response?.headers?.get?.('retry-after');
        throw httpStatusError(status, `WebDAV answered ${status}`, retryAfter);
      }
      throw toConnectorError(error);
    }
  }

  return {
    describe: () => `${new URL(base).host}${path.join(new URL(base).pathname, root)}`,

    async check() {
      const stat = await call(async () => (await client()).stat(root) as Promise<FileStat>);
      if (stat.type !== 'directory') {
        throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${root} is not a folder`);
      }
    },

    async list(limit) {
      const found: RemoteFile[] = [];
      const pending = [root];
      while (pending.length > 0 && found.length <= limit) {
        const folder = pending.shift()!;
        const entries = await call(async () => (await client()).getDirectoryContents(folder) as Promise<FileStat[]>);
        for (const entry of entries) {
          const relative = path.relative(root, entry.filename);
          if (!relative || relative.startsWith('..')) continue;
          if (entry.type === 'directory') {
            pending.push(entry.filename);
          } else {
            found.push({
              path: relative,
              version: entry.etag
                ? entry.etag.replace(/^W\//, '').replaceAll('"', '')
                : `${entry.size}@${entry.lastmod}`,
              size: entry.size,
              contentType: entry.mime || 'application/octet-stream',
            });
          }
          if (found.length > limit) break;
        }
      }
      return found.sort((a, b) => a.path.localeCompare(b.path));
    },

    async read(relative, maxBytes) {
      const data = await call(
        async () =>
          (await client()).getFileContents(path.join(root, relative), { format: 'binary' }) as Promise<
            ArrayBuffer | Buffer
          >,
      );
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data);
      if (bytes.byteLength > maxBytes) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
      }
      return bytes;
    },

    async write(relative, content, contentType) {
      const target = path.join(root, relative);
      const folder = path.dirname(target);
      if (folder !== '/' && !(await call(async () => (await client()).exists(folder)))) {
        await call(async () => (await client()).createDirectory(folder, { recursive: true }));
      }
      await call(async () =>
        (await client()).putFileContents(target, content, {
          overwrite: true,
          headers: { 'Content-Type': contentType },
        }),
      );
    },
  };
}

function normaliseFolder(value: string): string {
  const joined = path.join('/', value || '/');
  return joined.length > 1 && joined.endsWith('/') ? joined.slice(0, -1) : joined;
}
