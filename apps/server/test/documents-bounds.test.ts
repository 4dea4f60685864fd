// Ingestion cannot be used to take the server down: a file past a bound fails with its reason and
// keeps nothing, passages are written in batches that let other requests through, and a run that
// fails removes what it wrote.
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileChunks, filePages } from '../src/db/schema/index.ts';
import type { ExtractDocument, ExtractedDocument } from '../src/modules/ingestion/extracted-document.ts';
import { createDocumentExtractor } from '../src/modules/ingestion/ingestion.service.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { multipartFile, uploadFile } from './helpers/uploads.ts';

/** Every file under DATA_DIR/files, temporary ones included. */
function blobFiles(): string[] {
  const root = path.join(app.config.dataDir, 'files');
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A document of `count` passages; `poisonAt` holds a NUL character, which the database refuses. */
function syntheticDocument(count: number, poisonAt?: number): ExtractedDocument {
  return {
    type: 'txt',
    language: 'en',
    title: null,
    pages: [{ number: 1, text: 'Passages' }],
    chunks: Array.from({ length: count }, (_, index) => ({
      index,
      page: 1,
      heading: null,
      text:
        index === poisonAt ? 'broken \u0000 passage' : `Passage ${index} about beneficial owners and due diligence.`,
    })),
    noText: false,
    warnings: [],
    timings: { detectMs: 0, parseMs: 0, chunkMs: 0, languageMs: 0, totalMs: 0 },
  };
}

const extractor = createDocumentExtractor({ limits: { maxTextChars: 2_000 } });
/** many*.txt: 2,000 passages; poison.txt: the 120th passage breaks the write; anything else: the real pipeline. */
const testExtractor: ExtractDocument = async (bytes, options) => {
  if (options.fileName.startsWith('many')) return syntheticDocument(2_000);
  if (options.fileName === 'poison.txt') return syntheticDocument(150, 120);
  return extractor.extract(bytes, options);
};

let app: TestApp;
let alice: TestUser;

beforeAll(async () => {
  app = await createTestApp({
    library: { extract: testExtractor },
    jobs: { backoff: { baseMs: 0, maxMs: 0 } },
  });
  alice = await createTestUser(app);
});
afterAll(async () => {
  await app.close();
  await extractor.close();
});

async function stored(fileId: string) {
  const [chunks] = await app.db
    .select({ count: sql<number>`count(*)::int` })
    .from(fileChunks)
    .where(eq(fileChunks.fileId, fileId));
  const [pages] = await app.db
    .select({ count: sql<number>`count(*)::int` })
    .from(filePages)
    .where(eq(filePages.fileId, fileId));
  return { chunks: chunks?.count, pages: pages?.count };
}

async function file(fileId: string) {
  const response = await app.inject({ method: 'GET', url: `/api/documents/files/${fileId}`, headers: alice.headers });
  return response.json<{ status: string; failureCode: string | null; chunkCount: number | null }>();
}

describe('bounded ingestion', () => {
  it('fails a file with more text than allowed, with its reason, and keeps none of its text', async () => {
    const upload = await uploadFile(app, alice.headers, 'long.txt', 'A sentence about due diligence. '.repeat(100));
    expect(upload.statusCode, upload.body).toBe(201);
    const id = upload.json().file.id as string;
    await app.jobs.runDueJobs();
    expect(await file(id)).toMatchObject({ status: 'failed', failureCode: 'FILE_TOO_LONG' });
    expect(await stored(id)).toEqual({ chunks: 0, pages: 0 });
  });

  it('writes passages in batches and answers other requests meanwhile', async () => {
    const upload = await uploadFile(app, alice.headers, 'many.txt', 'placeholder');
    const id = upload.json().file.id as string;
    const order: string[] = [];
    const ingestion = app.jobs.runDueJobs().then(() => order.push('ingested'));
    // Started after the job: answered between two batches, long before the 2,000 passages are written.
    await app.inject({ method: 'GET', url: '/api/health' }).then(() => order.push('health'));
    await ingestion;
    expect(order).toEqual(['health', 'ingested']);
    expect(await file(id)).toMatchObject({ status: 'ready', chunkCount: 2_000 });
    expect((await stored(id)).chunks).toBe(2_000);
  });

  it('a run that fails while writing removes the passages it wrote, and re-indexing writes them once', async () => {
    const upload = await uploadFile(app, alice.headers, 'poison.txt', 'placeholder');
    const id = upload.json().file.id as string;
    await app.jobs.runDueJobs();
    expect(await file(id)).toMatchObject({ status: 'failed', failureCode: 'INGESTION_FAILED' });
    expect(await stored(id)).toEqual({ chunks: 0, pages: 0 });

    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/documents/files/${id}`,
      headers: alice.headers,
      payload: { name: 'many-after-all.txt' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (let round = 0; round < 2; round++) {
      const reindex = await app.inject({
        method: 'POST',
        url: `/api/documents/files/${id}/reindex`,
        headers: alice.headers,
      });
      expect(reindex.statusCode, reindex.body).toBeLessThan(300);
      await app.jobs.runDueJobs();
    }
    expect(await file(id)).toMatchObject({ status: 'ready', chunkCount: 2_000 });
    expect(await stored(id)).toEqual({ chunks: 2_000, pages: 1 });
  });
});

describe('uploads refused before they are stored', () => {
  it.each([
    ['a PNG image', 'scan.pdf', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(200).fill(7)])],
    ['an executable', 'notes.txt', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Array(200).fill(0)])],
    ['binary noise', 'data.csv', Buffer.from(Array.from({ length: 4_096 }, (_, i) => (i * 7919) % 251))],
    ['RTF', 'letter.txt', Buffer.from('{\\rtf1\\ansi Hello}')],
  ])('refuses %s with UNSUPPORTED_FILE_TYPE, storing nothing', async (_kind, name, content) => {
    const blobsBefore = blobFiles();
    const response = await uploadFile(
      app,
      alice.headers,
      name,
      new Uint8Array(content),
      {},
      'application/octet-stream',
    );
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_FILE_TYPE');
    const listing = await app.inject({ method: 'GET', url: '/api/documents', headers: alice.headers });
    expect(listing.json().files.map((file: { name: string }) => file.name)).not.toContain(name);
    expect(blobFiles()).toEqual(blobsBefore);
  });

  it('still takes text whose first part only is read before it is stored', async () => {
    const long = 'Due diligence applies to every client. '.repeat(3_000);
    const response = await uploadFile(app, alice.headers, 'longer-than-the-head.md', long);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().file.sizeBytes).toBe(Buffer.byteLength(long));
  });
});

describe('uploads that break off', () => {
  it('a truncated multipart upload answers 400 UPLOAD_FAILED and leaves no file, row or blob', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/documents', headers: alice.headers })).json<{
      files: unknown[];
    }>().files.length;
    const blobsBefore = blobFiles();
    const body = multipartFile('cut.txt', 'Customer due diligence. '.repeat(50));
    const truncated = body.payload.subarray(0, body.payload.length - 200);
    const response = await app.inject({
      method: 'POST',
      url: '/api/documents/files',
      headers: { ...alice.headers, ...body.headers },
      payload: truncated,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('UPLOAD_FAILED');
    const after = (await app.inject({ method: 'GET', url: '/api/documents', headers: alice.headers })).json<{
      files: unknown[];
    }>();
    expect(after.files).toHaveLength(before);
    expect(blobFiles()).toEqual(blobsBefore);
  });
});
