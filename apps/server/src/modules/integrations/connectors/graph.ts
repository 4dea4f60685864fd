import path from 'node:path/posix';
import { Client, GraphError, ResponseType, type Context, type Middleware } from '@microsoft/microsoft-graph-client';
import type { OnedriveSettings } from '@compliance/shared/integrations';
import type { TokenSource } from '../oauth.ts';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  httpStatusError,
  listFolderTree,
  toConnectorError,
  type StorageConnector,
} from './connector.ts';

/** Children asked for per page (Graph's maximum is 999; its default 200). */
const PAGE_SIZE = 200;

interface DriveItem {
  id: string;
  name: string;
  eTag?: string;
  cTag?: string;
  size?: number;
  file?: { mimeType?: string };
  folder?: { childCount?: number };
  '@microsoft.graph.downloadUrl'?: string;
}

interface ChildrenPage {
  value: DriveItem[];
  '@odata.nextLink'?: string;
}

/**
 * The last link of the Graph client's middleware chain: the request goes out through the SSRF-guarded
 * fetch (not the SDK's global fetch) with the connection's bearer token; a 401 refreshes the token
 * once and sends the request again. No RetryHandler: a 429 must come back as INTEGRATION_RATE_LIMITED
 * so the job is retried after Retry-After instead of a worker sleeping.
 */
class OutboundHandler implements Middleware {
  private readonly outbound: Outbound;
  private readonly tokens: TokenSource;
  /**
   * What failed in the last request before an answer came (a refused refresh, a network error): the
   * SDK keeps only its message, so the connector reads the original here (its calls run one at a time).
   */
  failure: unknown = null;

  constructor(outbound: Outbound, tokens: TokenSource) {
    this.outbound = outbound;
    this.tokens = tokens;
  }

  async execute(context: Context): Promise<void> {
    const url = typeof context.request === 'string' ? context.request : context.request.url;
    const send = (token: string) => {
      const headers = new Headers(context.options?.headers as ConstructorParameters<typeof Headers>[0]);
      headers.set('authorization', `Bearer ${token}`);
      return this.outbound.fetch(url, { ...(context.options as RequestInit), headers });
    };
    this.failure = null;
    try {
      const token = await this.tokens.current();
      let response = await send(token);
      if (response.status === 401) {
        await response.body?.cancel();
        response = await send(await this.tokens.refresh(token));
      }
      context.response = response;
    } catch (error) {
      this.failure = error;
      throw error;
    }
  }
}

/**
 * OneDrive and SharePoint document libraries through Microsoft Graph (`@microsoft/microsoft-graph-client`,
 * its base URL from MICROSOFT_GRAPH_URL). A folder is addressed by path under the drive's root; its
 * children are walked folder by folder. `cTag` (changes with the content only) is the version, `eTag`
 * when a drive gives none. Downloads follow the item's pre-authenticated download URL, as Graph's
 * /content answers with a redirect to it, which the guarded fetch does not follow.
 */
export function createGraphConnector(
  settings: OnedriveSettings,
  tokens: TokenSource,
  outbound: Outbound,
  { apiUrl }: { apiUrl: string },
): StorageConnector {
  outbound.checkUrl(apiUrl);
  const handler = new OutboundHandler(outbound, tokens);
  const client = Client.initWithMiddleware({
    baseUrl: `${apiUrl.replace(/\/+$/, '')}/`,
    defaultVersion: 'v1.0',
    middleware: handler,
  });
  const drive = settings.driveId ? `/drives/${encodeURIComponent(settings.driveId)}` : '/me/drive';
  const root = normaliseFolder(settings.remotePath);

  /** An item by its path relative to the drive's root ("/" is the root itself). */
  function itemByPath(itemPath: string): string {
    if (itemPath === '/') return `${drive}/root`;
    return `${drive}/root:${itemPath.split('/').map(encodeURIComponent).join('/')}:`;
  }

  async function call<T>(work: () => Promise<T>): Promise<T> {
    handler.failure = null;
    try {
      return await work();
    } catch (error) {
      if (handler.failure) throw toConnectorError(handler.failure);
      if (error instanceof GraphError && error.statusCode > 0) {
        const detail = [`Graph answered ${error.statusCode}`, error.code, error.message]
          .filter(Boolean)
          .join(': ')
          .slice(0, 300);
        throw httpStatusError(error.statusCode, detail, error.headers?.get('retry-after'));
      }
      throw toConnectorError(error);
    }
  }

  async function children(folderId: string): Promise<DriveItem[]> {
    const items: DriveItem[] = [];
    let page = (await call(() =>
      client
        .api(`${drive}/items/${encodeURIComponent(folderId)}/children`)
        .select(['id', 'name', 'eTag', 'cTag', 'size', 'file', 'folder'])
        .top(PAGE_SIZE)
        .get(),
    )) as ChildrenPage;
    items.push(...page.value);
    while (page['@odata.nextLink']) {
      const next = page['@odata.nextLink'];
      // A next link elsewhere than the API would take the token with it.
      if (new URL(next).origin !== new URL(apiUrl).origin) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'a next page on another host');
      }
      page = (await call(() => client.api(next).get())) as ChildrenPage;
      items.push(...page.value);
    }
    return items;
  }

  return {
    describe: () => `${settings.driveId ? 'SharePoint' : 'OneDrive'}${root}`,

    async check() {
      const item = (await call(() => client.api(itemByPath(root)).get())) as DriveItem;
      if (!item.folder) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${root} is not a folder`);
    },

    async list(limit) {
      const rootItem = (await call(() => client.api(itemByPath(root)).get())) as DriveItem;
      if (!rootItem.folder) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${root} is not a folder`);
      return listFolderTree(rootItem.id, limit, children, (item) => {
        if (item.folder) return { folderId: item.id };
        if (!item.file) return null;
        return {
          file: {
            version: item.cTag ?? item.eTag ?? `${item.size ?? 0}`,
            size: item.size ?? 0,
            contentType: item.file.mimeType || 'application/octet-stream',
          },
        };
      });
    },

    async read(relative, maxBytes) {
      const item = (await call(() => client.api(itemByPath(path.join(root, relative))).get())) as DriveItem;
      if ((item.size ?? 0) > maxBytes) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
      }
      const downloadUrl = item['@microsoft.graph.downloadUrl'];
      if (downloadUrl) {
        // Pre-authenticated: the bearer token is not sent to the storage host.
        let response: Response;
        try {
          response = await outbound.fetch(downloadUrl);
        } catch (error) {
          throw toConnectorError(error);
        }
        if (!response.ok) {
          throw httpStatusError(
            response.status,
            `download answered ${response.status}`,
            response.headers.get('retry-after'),
          );
        }
        return limited(new Uint8Array(await response.arrayBuffer()), maxBytes);
      }
      const content = (await call(() =>
        client
          .api(`${drive}/items/${encodeURIComponent(item.id)}/content`)
          .responseType(ResponseType.ARRAYBUFFER)
          .get(),
      )) as ArrayBuffer;
      return limited(new Uint8Array(content), maxBytes);
    },

    async write(relative, content, contentType) {
      // A simple upload by path creates the folders it names (up to 250 MB; answers are far smaller).
      await call(() =>
        client
          .api(`${itemByPath(path.join(root, relative))}/content`)
          .header('Content-Type', contentType)
          .put(Buffer.from(content, 'utf8')),
      );
    },
  };
}

function limited(bytes: Uint8Array, maxBytes: number): Uint8Array {
  if (bytes.byteLength > maxBytes)
    throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
  return bytes;
}

function normaliseFolder(value: string): string {
  const joined = path.join('/', value || '/');
  return joined.length > 1 && joined.endsWith('/') ? joined.slice(0, -1) : joined;
}
