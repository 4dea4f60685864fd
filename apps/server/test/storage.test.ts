import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3BlobStorage, S3RequestError } from '../src/modules/storage/s3-storage.ts';
import {
  BlobNotFoundError,
  BlobTooLargeError,
  createLocalBlobStorage,
  type BlobStorage,
} from '../src/modules/storage/storage.ts';
import { ConfigError } from '../src/plugins/env.ts';
import { registerStorage } from '../src/plugins/storage.ts';
import { startTestS3Server, testS3Credentials, type TestS3Server } from './helpers/s3-server.ts';

let s3: TestS3Server;
let localRoot: string;

beforeAll(async () => {
  s3 = await startTestS3Server();
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-blobs-'));
});

afterAll(async () => {
  await s3.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

function s3Storage(overrides: { secretAccessKey?: string; bucket?: string } = {}): BlobStorage {
  return createS3BlobStorage({
    endpoint: s3.endpoint,
    bucket: overrides.bucket ?? s3.bucket,
    region: testS3Credentials.region,
    accessKeyId: testS3Credentials.accessKeyId,
    secretAccessKey: overrides.secretAccessKey ?? testS3Credentials.secretAccessKey,
    retries: 0,
  });
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** A stream that yields `bytes` in chunks of `chunkSize`, like an upload arriving over the network. */
function chunked(bytes: Uint8Array, chunkSize = 64 * 1024): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.byteLength; offset += chunkSize) {
    chunks.push(Buffer.from(bytes.subarray(offset, offset + chunkSize)));
  }
  return Readable.from(chunks);
}

const adapters: { name: string; kind: BlobStorage['kind']; create: () => BlobStorage }[] = [
  { name: 'local disk', kind: 'local', create: () => createLocalBlobStorage(localRoot) },
  { name: 'S3 (S3 replaced by a local S3-compatible server)', kind: 's3', create: () => s3Storage() },
];

describe.each(adapters)('blob storage contract: $name', ({ kind, create }) => {
  let storage: BlobStorage;
  beforeAll(() => {
    storage = create();
  });

  it('is the expected adapter', () => {
    expect(storage.kind).toBe(kind);
  });

  it('puts bytes and gets, reads and finds them again', async () => {
    const key = `contract/${kind}/bytes.txt`;
    const stored = await storage.put(key, new TextEncoder().encode('hello blob'));
    expect(stored).toEqual({ sizeBytes: 10, sha256: sha256('hello blob') });
    expect(await storage.exists(key)).toBe(true);
    expect(Buffer.from(await storage.read(key)).toString('utf8')).toBe('hello blob');
    expect(await text(await storage.get(key))).toBe('hello blob');
  });

  it('streams a multi-chunk upload in and out unchanged', async () => {
    const key = `contract/${kind}/stream.bin`;
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const stored = await storage.put(key, chunked(bytes), { maxBytes: 50 * 1024 * 1024 });
    expect(stored).toEqual({ sizeBytes: bytes.byteLength, sha256: sha256(bytes) });
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(Buffer.from(await storage.read(key)).equals(bytes)).toBe(true);
  });

  it('stores an empty blob', async () => {
    const key = `contract/${kind}/empty`;
    expect(await storage.put(key, Readable.from([]))).toEqual({ sizeBytes: 0, sha256: sha256('') });
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.read(key)).byteLength).toBe(0);
  });

  it('accepts a blob of exactly maxBytes', async () => {
    const key = `contract/${kind}/exact`;
    await expect(storage.put(key, chunked(Buffer.alloc(1000, 1), 100), { maxBytes: 1000 })).resolves.toMatchObject({
      sizeBytes: 1000,
    });
  });

  it('refuses a blob over maxBytes and stores nothing (stream and bytes)', async () => {
    const streamed = `contract/${kind}/too-large-stream`;
    await expect(storage.put(streamed, chunked(Buffer.alloc(5000, 2), 512), { maxBytes: 4096 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    expect(await storage.exists(streamed)).toBe(false);
    await expect(storage.read(streamed)).rejects.toBeInstanceOf(BlobNotFoundError);

    const buffered = `contract/${kind}/too-large-bytes`;
    await expect(storage.put(buffered, new Uint8Array(11), { maxBytes: 10 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await storage.exists(buffered)).toBe(false);
  });

  it('keeps the previous blob when an oversized replacement is refused, and replaces it otherwise', async () => {
    const key = `contract/${kind}/replace`;
    await storage.put(key, new TextEncoder().encode('first'));
    await expect(storage.put(key, chunked(Buffer.alloc(100)), { maxBytes: 50 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    expect(Buffer.from(await storage.read(key)).toString()).toBe('first');
    await storage.put(key, new TextEncoder().encode('second'));
    expect(Buffer.from(await storage.read(key)).toString()).toBe('second');
  });

  it('rejects an unknown key with BlobNotFoundError, and says it does not exist', async () => {
    const key = `contract/${kind}/never-written`;
    await expect(storage.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(storage.read(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await storage.exists(key)).toBe(false);
  });

  it('deletes a blob, and deleting a missing blob is fine', async () => {
    const key = `contract/${kind}/delete-me`;
    await storage.put(key, new TextEncoder().encode('bye'));
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete(`contract/${kind}/never/existed`)).resolves.toBeUndefined();
  });

  it('stages a blob that is readable under its key once committed, and gone once discarded', async () => {
    const key = `contract/${kind}/staged.txt`;
    const staged = await storage.stage(key, chunked(new TextEncoder().encode('staged bytes'), 4));
    expect(staged).toMatchObject({ sizeBytes: 12, sha256: sha256('staged bytes') });
    await staged.commit();
    expect(Buffer.from(await storage.read(key)).toString('utf8')).toBe('staged bytes');
    await staged.settle();
    expect(Buffer.from(await storage.read(key)).toString('utf8')).toBe('staged bytes');

    const droppedKey = `contract/${kind}/dropped.txt`;
    const dropped = await storage.stage(droppedKey, new TextEncoder().encode('never recorded'));
    // Its row's transaction failed after the blob was put in place.
    await dropped.commit();
    await dropped.discard();
    expect(await storage.exists(droppedKey)).toBe(false);
    await expect(storage.stage(`contract/${kind}/big.txt`, new Uint8Array(10), { maxBytes: 5 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
  });

  it('keeps keys with slashes apart', async () => {
    const a = `users/${kind}-u1/f1/${'a'.repeat(36)}`;
    const b = `users/${kind}-u1/f2/${'b'.repeat(36)}`;
    await storage.put(a, new TextEncoder().encode('A'));
    await storage.put(b, new TextEncoder().encode('B'));
    expect(Buffer.from(await storage.read(a)).toString()).toBe('A');
    expect(Buffer.from(await storage.read(b)).toString()).toBe('B');
    expect(await storage.exists(`users/${kind}-u1/f1`)).toBe(false);
    await storage.delete(a);
    expect(await storage.exists(b)).toBe(true);
  });

  it('refuses unsafe keys', async () => {
    for (const key of ['../escape', 'a/../../b', '/absolute', 'with space', 'ümlaut', 'a?b', '']) {
      await expect(storage.put(key, new Uint8Array(1)), key).rejects.toThrow(/Invalid blob key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid blob key/);
      await expect(storage.exists(key), key).rejects.toThrow(/Invalid blob key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid blob key/);
    }
  });
});

describe('local adapter: staged uploads after a crash', () => {
  it('keeps what was recorded and removes the rest, from its place too, temporary files included', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-staged-'));
    try {
      const before = createLocalBlobStorage(root);
      // Crashes at each step of an upload: before the blob was put in place, after it (the row did or
      // did not commit), and between the commit and dropping the staging entry.
      await before.stage('users/a/recorded', new TextEncoder().encode('kept'));
      await before.stage('users/a/unrecorded', new TextEncoder().encode('dropped'));
      await (await before.stage('users/a/placed-recorded', new TextEncoder().encode('kept too'))).commit();
      await (await before.stage('users/a/placed-unrecorded', new TextEncoder().encode('orphan'))).commit();
      fs.writeFileSync(path.join(root, '.tmp', 'half-written'), 'partial');

      // The next start.
      const after = createLocalBlobStorage(root);
      const asked: string[][] = [];
      const result = await after.recoverStaged(async (keys) => {
        asked.push([...keys].sort());
        return new Set(keys.filter((key) => key.endsWith('recorded') && !key.endsWith('unrecorded')));
      });
      expect(asked).toEqual([
        ['users/a/placed-recorded', 'users/a/placed-unrecorded', 'users/a/recorded', 'users/a/unrecorded'],
      ]);
      expect(result).toEqual({ committed: 2, removed: 3 });
      expect(Buffer.from(await after.read('users/a/recorded')).toString('utf8')).toBe('kept');
      expect(Buffer.from(await after.read('users/a/placed-recorded')).toString('utf8')).toBe('kept too');
      expect(await after.exists('users/a/unrecorded')).toBe(false);
      expect(await after.exists('users/a/placed-unrecorded')).toBe(false);
      expect(fs.readdirSync(path.join(root, '.tmp'), { recursive: true })).toEqual(['staged']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('S3 adapter specifics (S3 replaced by a local S3-compatible server)', () => {
  it('uses path-style URLs and sends the real payload hash', async () => {
    const storage = s3Storage();
    const before = s3.requests.length;
    await storage.put('kb/f-1/part.v2_x', new TextEncoder().encode('payload'));
    const put = s3.requests.slice(before).find((request) => request.method === 'PUT');
    expect(put?.url).toBe(`/${s3.bucket}/kb/f-1/part.v2_x`);
    expect(put?.headers['x-amz-content-sha256']).toBe(sha256('payload'));
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\//);
    expect(s3.storedKeys()).toContain('kb/f-1/part.v2_x');
  });

  it('sends nothing when the upload is too large', async () => {
    const storage = s3Storage();
    const before = s3.requests.length;
    await expect(
      storage.put('kb/too-big', chunked(Buffer.alloc(2048), 256), { maxBytes: 1024 }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(s3.requests.length).toBe(before);
    expect(s3.storedKeys()).not.toContain('kb/too-big');
  });

  it('reports a refused request with status and S3 error code, never the secret', async () => {
    const secret = 'not-the-right-secret-0123456789';
    const storage = s3Storage({ secretAccessKey: secret });
    const error = await storage.put('kb/denied', new Uint8Array(3)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(S3RequestError);
    expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect((error as Error).message).toContain('403 SignatureDoesNotMatch');
    expect((error as Error).message).not.toContain(secret);
    await expect(storage.read('kb/denied')).rejects.toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    // HEAD answers carry no body: the status alone.
    await expect(storage.exists('kb/denied')).rejects.toMatchObject({ status: 403 });
    expect(s3.storedKeys()).not.toContain('kb/denied');
  });

  it('treats a missing bucket as a failure, not as a missing blob', async () => {
    const storage = s3Storage({ bucket: 'no-such-bucket' });
    await expect(storage.read('kb/x')).rejects.toMatchObject({ name: 'S3RequestError', code: 'NoSuchBucket' });
    await expect(storage.put('kb/x', new Uint8Array(1))).rejects.toMatchObject({ code: 'NoSuchBucket' });
  });

  it('fails clearly when the endpoint cannot be reached', async () => {
    const storage = createS3BlobStorage({
      endpoint: 'http://127.0.0.1:1',
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 'very-secret-value',
      retries: 0,
    });
    const error = (await storage.read('kb/x').catch((caught: unknown) => caught)) as Error;
    expect(error.message).toMatch(/^S3 GET of blob kb\/x failed/);
    expect(error.message).not.toContain('very-secret-value');
  });
});

describe('registerStorage', () => {
  const dataDirs: string[] = [];
  const dataDir = () => {
    dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-storage-plugin-')));
    return dataDirs.at(-1)!;
  };
  afterAll(() => {
    for (const directory of dataDirs) fs.rmSync(directory, { recursive: true, force: true });
  });

  it('chooses local disk without S3 and S3 with it, and says which (S3 replaced by a local S3-compatible server)', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) };
    const local = Fastify({ logger: { level: 'info', stream } });
    const directory = dataDir();
    registerStorage(local, { dataDir: directory, s3: undefined });
    expect(local.storage.kind).toBe('local');
    await local.storage.put('a/b', new Uint8Array(1));
    expect(fs.existsSync(path.join(directory, 'files', 'a', 'b'))).toBe(true);

    const remote = Fastify({ logger: { level: 'info', stream } });
    registerStorage(remote, {
      dataDir: dataDir(),
      s3: { endpoint: s3.endpoint, bucket: s3.bucket, ...testS3Credentials },
    });
    expect(remote.storage.kind).toBe('s3');
    await remote.storage.put('plugin/check', new Uint8Array(2));
    expect(s3.storedKeys()).toContain('plugin/check');

    expect(lines.join('')).toContain('File blobs are stored on local disk');
    expect(lines.join('')).toContain('File blobs are stored in S3-compatible storage');
    expect(lines.join('')).not.toContain(testS3Credentials.secretAccessKey);
    await Promise.all([local.close(), remote.close()]);
  });

  it('refuses to start with a bucket but no credentials', () => {
    const app = Fastify();
    expect(() =>
      registerStorage(app, {
        dataDir: dataDir(),
        s3: {
          endpoint: undefined,
          bucket: 'b',
          region: 'eu-central-1',
          accessKeyId: undefined,
          secretAccessKey: undefined,
        },
      }),
    ).toThrow(ConfigError);
  });
});
