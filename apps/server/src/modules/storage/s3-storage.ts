import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import {
  assertSafeBlobKey,
  BlobNotFoundError,
  BlobTooLargeError,
  type BlobStorage,
  type StoredBlob,
} from './storage.ts';

export interface S3BlobStorageOptions {
  /** Base URL of the S3 API, e.g. `https://s3.eu-central-1.amazonaws.com` or `http://minio:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * An upload is held in memory until it is complete (one PUT per blob), so no upload may exceed this,
   * whatever `maxBytes` the caller allows. Default 256 MiB — far above the product's 50 MB file limit.
   */
  maxBufferedBytes?: number;
  /** Retries of a request that failed with 5xx or 429 (exponential backoff). Default 3. */
  retries?: number;
}

/** S3 answered with something other than success; carries the HTTP status and S3's error code. */
export class S3RequestError extends Error {
  override name = 'S3RequestError';
  readonly status: number;
  readonly code: string | undefined;

  constructor(message: string, status: number, code: string | undefined) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const defaultMaxBufferedBytes = 256 * 1024 * 1024;

/** AWS S3 itself when no endpoint is configured. */
export function defaultS3Endpoint(region: string): string {
  return `https://s3.${region}.amazonaws.com`;
}

/**
 * Blobs as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …), signed with SigV4.
 * Path-style URLs (`${endpoint}/${bucket}/${key}`) so that endpoints without bucket sub-domains work.
 * An upload is read (metered and hashed) into memory up to its limit and sent in a single PUT whose
 * `x-amz-content-sha256` is the real payload hash, so S3 rejects a body damaged in transit.
 */
export function createS3BlobStorage(options: S3BlobStorageOptions): BlobStorage {
  const endpoint = options.endpoint.replace(/\/+$/, '');
  const bucketUrl = `${endpoint}/${encodeURIComponent(options.bucket)}`;
  const maxBufferedBytes = options.maxBufferedBytes ?? defaultMaxBufferedBytes;
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    retries: options.retries ?? 3,
  });

  function objectUrl(key: string): string {
    assertSafeBlobKey(key);
    return `${bucketUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  async function send(
    method: 'GET' | 'HEAD' | 'PUT' | 'DELETE',
    key: string,
    init: { body?: Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = objectUrl(key);
    try {
      return await client.fetch(url, { method, ...init });
    } catch (error) {
      // Network failures (DNS, refused connection, TLS); the message never contains the credentials.
      throw new Error(`S3 ${method} of blob ${key} failed: ${(error as Error).message}`, { cause: error });
    }
  }

  /** An Error for a non-2xx answer: status and S3's `<Code>` (never the request's credentials). */
  async function failure(response: Response, method: string, key: string): Promise<Error> {
    const code = await errorCode(response);
    const detail = code ? `${response.status} ${code}` : `${response.status}`;
    if (response.status === 404 && code !== 'NoSuchBucket') return new BlobNotFoundError(`No blob ${key}`);
    return new S3RequestError(
      `S3 ${method} of blob ${key} in bucket ${options.bucket} failed: ${detail}`,
      response.status,
      code,
    );
  }

  const adapter: BlobStorage = {
    kind: 's3',
    async put(key, source, { maxBytes } = {}): Promise<StoredBlob> {
      objectUrl(key);
      const limit = Math.min(maxBytes ?? Number.POSITIVE_INFINITY, maxBufferedBytes);
      const body = await readLimited(source, limit);
      const sha256 = createHash('sha256').update(body).digest('hex');
      const response = await send('PUT', key, {
        body,
        headers: { 'content-type': 'application/octet-stream', 'x-amz-content-sha256': sha256 },
      });
      if (!response.ok) throw await failure(response, 'PUT', key);
      await response.body?.cancel();
      return { sizeBytes: body.byteLength, sha256 };
    },
    // An object appears whole or not at all, so a staged upload is simply put; a crash between the
    // put and its row can leave an unrecorded object, which costs storage but is never read.
    async stage(key, source, options) {
      const blob = await adapter.put(key, source, options);
      return {
        ...blob,
        commit: async () => undefined,
        settle: async () => undefined,
        discard: () => adapter.delete(key),
      };
    },
    async recoverStaged() {
      return { committed: 0, removed: 0 };
    },
    async get(key) {
      const response = await send('GET', key);
      if (!response.ok) throw await failure(response, 'GET', key);
      if (!response.body) return Readable.from([]);
      return Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
    },
    async read(key) {
      const response = await send('GET', key);
      if (!response.ok) throw await failure(response, 'GET', key);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const error = await failure(response, 'DELETE', key);
      if (!(error instanceof BlobNotFoundError)) throw error;
    },
    async exists(key) {
      const response = await send('HEAD', key);
      if (response.ok) return true;
      const error = await failure(response, 'HEAD', key);
      if (error instanceof BlobNotFoundError) return false;
      throw error;
    },
  };
  return adapter;
}

/** Reads `source` completely, or rejects with `BlobTooLargeError` as soon as it exceeds `limit`. */
async function readLimited(source: Readable | Uint8Array, limit: number): Promise<Uint8Array> {
  if (source instanceof Uint8Array) {
    if (source.byteLength > limit) throw new BlobTooLargeError(`The blob is larger than ${limit} bytes`);
    return source;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Throwing out of the loop destroys the source, like the local adapter's pipeline does.
  for await (const chunk of source) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array | string);
    size += buffer.byteLength;
    if (size > limit) throw new BlobTooLargeError(`The blob is larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

/** S3's `<Code>` from an XML error body (HEAD answers have none). */
async function errorCode(response: Response): Promise<string | undefined> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  const match = /<Code>([^<]{1,100})<\/Code>/.exec(text.slice(0, 64 * 1024));
  return match?.[1];
}
