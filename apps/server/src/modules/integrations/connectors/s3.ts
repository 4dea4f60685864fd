import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { XMLParser } from 'fast-xml-parser';
import type { S3Settings } from '@compliance/shared/integrations';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  contentTypeOf,
  httpStatusError,
  toConnectorError,
  type RemoteFile,
  type StorageConnector,
} from './connector.ts';

/** Keys listed per ListObjects page (S3's own maximum). */
const PAGE_SIZE = 1_000;

/** S3's error codes that mean the credentials are wrong or not allowed (answered with 400 or 403). */
const AUTH_CODES = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'AccountProblem',
]);
const NOT_FOUND_CODES = new Set(['NoSuchBucket', 'NoSuchKey']);
const SLOW_DOWN_CODES = new Set(['SlowDown', 'TooManyRequests', 'RequestLimitExceeded', 'Throttling']);

const xml = new XMLParser({ ignoreAttributes: true, parseTagValue: false, isArray: (name) => name === 'Contents' });

interface ListPage {
  Contents?: { Key?: string; ETag?: string; Size?: string; LastModified?: string }[];
  IsTruncated?: string;
  NextMarker?: string;
}

/** AWS S3 itself when the connection names no endpoint. */
function endpointOf(settings: S3Settings): string {
  return (settings.endpoint || `https://s3.${settings.region}.amazonaws.com`).replace(/\/+$/, '');
}

/** Whether every part of a key is a name a folder or file can have ("a//b", "./x" and "../x" are not). */
function isPlainRelativePath(relative: string): boolean {
  return relative.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph RGW, Wasabi, …) through SigV4-signed requests
 * (`aws4fetch`, as the app's own S3 storage), sent through the outbound guard. Buckets are addressed
 * path-style, which every S3-compatible server understands. A key prefix is the synced "folder"; the
 * parts of a key after it are sub-folders, as S3 consoles show them. Objects ending in "/" (the folder
 * markers consoles create) are not files.
 */
export function createS3Connector(
  settings: S3Settings,
  secretAccessKey: string,
  outbound: Outbound,
  { pageSize = PAGE_SIZE }: { pageSize?: number } = {},
): StorageConnector {
  const endpoint = endpointOf(settings);
  outbound.checkUrl(endpoint);
  const bucketUrl = `${endpoint}/${encodeURIComponent(settings.bucket)}`;
  const prefix = settings.prefix ? `${settings.prefix}/` : '';
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey,
    service: 's3',
    region: settings.region,
    // Retries are the job's business: a rate limit comes back as INTEGRATION_RATE_LIMITED.
    retries: 0,
  });

  function objectUrl(relative: string): string {
    return `${bucketUrl}/${`${prefix}${relative}`.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** Signs the request, then sends it through the guarded fetch (never through aws4fetch's own). */
  async function send(
    method: 'GET' | 'PUT',
    url: string,
    init: { body?: Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    try {
      const signed = await client.sign(url, { method, headers: init.headers, body: init.body });
      return await outbound.fetch(signed.url, {
        method,
        headers: Object.fromEntries(signed.headers),
        body: init.body,
      });
    } catch (error) {
      throw toConnectorError(error);
    }
  }

  /** A failed answer as the connector failure it means, with S3's own error code as the detail. */
  async function failure(response: Response): Promise<ConnectorError> {
    const body = await response.text().catch(() => '');
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(body.slice(0, 64 * 1024))?.[1];
    const message = /<Message>([^<]{1,300})<\/Message>/.exec(body.slice(0, 64 * 1024))?.[1];
    const detail = [`S3 answered ${response.status}`, code, message].filter(Boolean).join(': ');
    if (code && AUTH_CODES.has(code)) return new ConnectorError('INTEGRATION_AUTH_FAILED', detail);
    if (code && NOT_FOUND_CODES.has(code)) return new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', detail);
    if ((code && SLOW_DOWN_CODES.has(code)) || response.status === 429) {
      return httpStatusError(429, detail, response.headers.get('retry-after'));
    }
    return httpStatusError(response.status, detail, response.headers.get('retry-after'));
  }

  /**
   * One page of ListObjects (version 1, with markers: every S3-compatible server has it, where some
   * lack or mishandle version 2's continuation tokens).
   */
  async function listPage(marker: string | undefined, maxKeys: number): Promise<ListPage> {
    const query = new URLSearchParams({ 'max-keys': String(maxKeys), prefix });
    if (marker) query.set('marker', marker);
    const response = await send('GET', `${bucketUrl}?${query}`);
    if (!response.ok) throw await failure(response);
    const text = await response.text().catch((error: unknown) => {
      throw toConnectorError(error);
    });
    const parsed = xml.parse(text) as { ListBucketResult?: ListPage };
    if (!parsed.ListBucketResult) {
      throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'not an S3 ListObjects answer');
    }
    return parsed.ListBucketResult;
  }

  return {
    describe: () => `${new URL(endpoint).host}/${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ''}`,

    /** Signs in and lists the bucket under the prefix (an empty prefix is a folder with nothing in it yet). */
    async check() {
      await listPage(undefined, 1);
    },

    async list(limit) {
      const found: RemoteFile[] = [];
      let marker: string | undefined;
      do {
        const page = await listPage(marker, pageSize);
        const objects = page.Contents ?? [];
        for (const object of objects) {
          const key = object.Key ?? '';
          if (!key.startsWith(prefix) || key.endsWith('/')) continue;
          const relative = key.slice(prefix.length);
          // A key that cannot be a path of folders and a file is not mirrored.
          if (!isPlainRelativePath(relative)) continue;
          const size = Number(object.Size ?? 0);
          found.push({
            path: relative,
            version: object.ETag
              ? object.ETag.replace(/^W\//, '').replaceAll('"', '')
              : `${size}@${object.LastModified}`,
            size,
            contentType: contentTypeOf(relative),
          });
          if (found.length > limit) break;
        }
        // Without a delimiter S3 gives no NextMarker: the next page starts after the last key.
        const next = page.NextMarker || objects.at(-1)?.Key;
        marker = page.IsTruncated === 'true' && next && next !== marker ? next : undefined;
      } while (marker && found.length <= limit);
      return found.sort((a, b) => a.path.localeCompare(b.path));
    },

    async read(relative, maxBytes) {
      const response = await send('GET', objectUrl(relative));
      if (!response.ok) throw await failure(response);
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel();
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for await (const chunk of response.body ?? []) {
          size += chunk.byteLength;
          if (size > maxBytes) throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
          chunks.push(chunk);
        }
      } catch (error) {
        throw toConnectorError(error);
      }
      return new Uint8Array(Buffer.concat(chunks, size));
    },

    async write(relative, content, contentType) {
      if (!isPlainRelativePath(relative)) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'not a file name');
      }
      const body = new TextEncoder().encode(content);
      const response = await send('PUT', objectUrl(relative), {
        body,
        headers: {
          'content-type': contentType,
          // The real payload hash (not UNSIGNED-PAYLOAD): S3 refuses a body damaged on the way.
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
        },
      });
      if (!response.ok) throw await failure(response);
      await response.body?.cancel();
    },
  };
}
