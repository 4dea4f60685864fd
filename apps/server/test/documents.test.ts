import { systemActor, userActor } from '../src/modules/access/actor.ts';
import { SNIPPET_MARK_END, SNIPPET_MARK_START, splitSnippet } from '@compliance/shared/documents';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/index.ts';
import { IngestionError, type ExtractDocument } from '../src/modules/ingestion/extracted-document.ts';
import { CHUNKER_VERSION } from '../src/modules/ingestion/chunking.ts';
import { createDocumentExtractor } from '../src/modules/ingestion/ingestion.service.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';

const englishText =
  'Customer due diligence is the core duty of every financial intermediary.\n\n' +
  'The intermediary must identify the contracting party and establish the beneficial owner of the assets.';
const germanText =
  'Die Sorgfaltspflichten der Finanzintermediäre sind im Geldwäschereigesetz geregelt.\n\n' +
  'Der Finanzintermediär muss die Vertragspartei identifizieren und die wirtschaftlich berechtigte Person feststellen.';

/** The real extractor; a file called *.fail is refused like an unsupported format; *.flaky throws. */
let flakyCalls = 0;
const extractor = createDocumentExtractor();
const testExtractor: ExtractDocument = async (bytes, options) => {
  if (options.fileName.endsWith('.fail')) throw new IngestionError('UNSUPPORTED_FILE_TYPE', 'not a document');
  if (options.fileName.endsWith('.flaky')) {
    flakyCalls += 1;
    throw new Error('parser crashed');
  }
  return extractor.extract(bytes, options);
};

let app: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  app = await createTestApp({
    library: { extract: testExtractor, maxFileBytes: 2_000 },
    entitlements: { storageBytes: 4_000 },
    jobs: { backoff: { baseMs: 0, maxMs: 0 } },
  });
  alice = await createTestUser(app);
  bob = await createTestUser(app);
});
afterAll(async () => {
  await app.close();
  await extractor.close();
});

async function createFolder(user: TestUser, name: string, parentId?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/documents/folders',
    headers: user.headers,
    payload: { name, parentId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; name: string; rootId: string }>();
}

async function contents(user: TestUser, folderId?: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/documents${folderId ? `?folderId=${folderId}` : ''}`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    folders: { id: string; name: string }[];
    files: { id: string; name: string; status: string; failureCode: string | null }[];
    breadcrumbs: { id: string; name: string }[];
  }>();
}

describe('folders', () => {
  it('creates nested folders with breadcrumbs and root', async () => {
    const top = await createFolder(alice, 'Clients');
    const child = await createFolder(alice, 'Acme AG', top.id);
    expect(child.rootId).toBe(top.id);
    const inside = await contents(alice, child.id);
    expect(inside.breadcrumbs.map((crumb) => crumb.name)).toEqual(['Clients', 'Acme AG']);
    expect((await contents(alice, top.id)).folders.map((folder) => folder.name)).toEqual(['Acme AG']);
  });

  it.each([
    ['', 'FOLDER_NAME_REQUIRED'],
    ['   ', 'FOLDER_NAME_REQUIRED'],
    ['a/b', 'FOLDER_NAME_INVALID_CHARACTERS'],
    ['what?', 'FOLDER_NAME_INVALID_CHARACTERS'],
    ['..', 'FOLDER_NAME_INVALID'],
    ['x'.repeat(200), 'FOLDER_NAME_INVALID'],
  ])('refuses the folder name %j with %s', async (name, code) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/documents/folders',
      headers: alice.headers,
      payload: { name },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
  });

  it('renames, and refuses invalid names on rename', async () => {
    const folder = await createFolder(alice, 'Drafts');
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/documents/folders/${folder.id}`,
      headers: alice.headers,
      payload: { name: 'Final' },
    });
    expect(renamed.json().name).toBe('Final');
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/documents/folders/${folder.id}`,
      headers: alice.headers,
      payload: { name: 'a:b' },
    });
    expect(bad.json().error.code).toBe('FOLDER_NAME_INVALID_CHARACTERS');
  });

  it('deletes a folder with its contents (files and blobs)', async () => {
    const folder = await createFolder(alice, 'To delete');
    const sub = await createFolder(alice, 'Sub', folder.id);
    const upload = await uploadFile(app, alice.headers, 'note.txt', 'hello there', { folderId: sub.id });
    const fileId = upload.json().file.id as string;
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/documents/folders/${folder.id}`,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(204);
    const file = await app.inject({ method: 'GET', url: `/api/documents/files/${fileId}`, headers: alice.headers });
    expect(file.json().error.code).toBe('FILE_NOT_FOUND');
    await app.jobs.runDueJobs();
  });
});

describe('upload and ingestion', () => {
  it('uploads, ingests in the background and finds the text', async () => {
    const response = await uploadFile(app, alice.headers, 'duties.txt', englishText);
    expect(response.statusCode, response.body).toBe(201);
    const { file } = response.json();
    expect(file.status).toBe('pending');
    expect(file.url).toBe(`/api/documents/files/${file.id}/download`);

    await app.jobs.runDueJobs();
    const ready = await app.inject({ method: 'GET', url: `/api/documents/files/${file.id}`, headers: alice.headers });
    expect(ready.json()).toMatchObject({ status: 'ready', language: 'en', type: 'txt', pageCount: 1 });
    expect(ready.json().chunkCount).toBeGreaterThan(0);

    const content = await app.inject({
      method: 'GET',
      url: `/api/documents/files/${file.id}/content`,
      headers: alice.headers,
    });
    expect(content.json().pages[0].text).toContain('beneficial owner');

    const download = await app.inject({
      method: 'GET',
      url: `/api/documents/files/${file.id}/download`,
      headers: alice.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.body).toBe(englishText);
  });

  it('searches by content in the document language, with marked snippets', async () => {
    const upload = await uploadFile(app, alice.headers, 'gwg.txt', germanText);
    expect(upload.statusCode).toBe(201);
    await app.jobs.runDueJobs();
    // German stemming: "Finanzintermediäre" matches "Finanzintermediär".
    const response = await app.inject({
      method: 'GET',
      url: `/api/documents/search?q=${encodeURIComponent('Finanzintermediär')}`,
      headers: alice.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { passages } = response.json();
    expect(passages.length).toBeGreaterThan(0);
    // A user's own file goes by its name, not by its first line.
    expect(passages[0]).toMatchObject({
      title: 'gwg.txt',
      fileName: 'gwg.txt',
      language: 'de',
      page: 1,
      scope: 'user',
    });
    expect(passages[0].snippet).toContain(SNIPPET_MARK_START);
    expect(passages[0].snippet).toContain(SNIPPET_MARK_END);
    expect(splitSnippet(passages[0].snippet).some((segment) => segment.highlighted)).toBe(true);

    const english = await app.inject({
      method: 'GET',
      url: '/api/documents/search?q=identifying+owners',
      headers: alice.headers,
    });
    expect(english.json().passages[0].fileName).toBe('duties.txt');

    const byName = await app.inject({ method: 'GET', url: '/api/documents/search?q=gwg', headers: alice.headers });
    expect(byName.json().files.map((file: { name: string }) => file.name)).toContain('gwg.txt');
  });

  it('answers FILE_EXISTS for the same name in the same folder, then replaces or keeps both', async () => {
    const first = await uploadFile(app, alice.headers, 'policy.txt', 'version one of the policy text');
    expect(first.statusCode).toBe(201);
    const again = await uploadFile(app, alice.headers, 'Policy.txt', 'version two');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('FILE_EXISTS');

    const replaced = await uploadFile(app, alice.headers, 'policy.txt', 'version two of the policy', {
      onConflict: 'replace',
    });
    expect(replaced.json()).toMatchObject({ replaced: true, file: { id: first.json().file.id, name: 'policy.txt' } });

    const both = await uploadFile(app, alice.headers, 'policy.txt', 'version three', { onConflict: 'keep-both' });
    expect(both.json().file.name).toBe('policy (1).txt');
    await app.jobs.runDueJobs();
  });

  it('stores an uploaded name in NFC with hidden characters shown as "_", so it cannot pose as another', async () => {
    const reversed = await uploadFile(app, alice.headers, 'invoice\u202Etxt.exe', 'an invoice');
    expect(reversed.statusCode).toBe(201);
    expect(reversed.json().file.name).toBe('invoice_txt.exe');
    const decomposed = await uploadFile(app, alice.headers, 'Re\u0301sume\u0301\u200B.txt', 'a résumé');
    expect(decomposed.json().file.name).toBe('R\u00e9sum\u00e9_.txt');
    await app.jobs.runDueJobs();
  });

  it('a file that cannot be ingested ends failed with its reason, and can be retried', async () => {
    const upload = await uploadFile(app, alice.headers, 'scan.fail', 'whatever');
    await app.jobs.runDueJobs();
    const file = await app.inject({
      method: 'GET',
      url: `/api/documents/files/${upload.json().file.id}`,
      headers: alice.headers,
    });
    expect(file.json()).toMatchObject({ status: 'failed', failureCode: 'UNSUPPORTED_FILE_TYPE' });

    const retry = await app.inject({
      method: 'POST',
      url: `/api/documents/files/${upload.json().file.id}/reindex`,
      headers: alice.headers,
    });
    expect(retry.json().status).toBe('pending');
    await app.jobs.runDueJobs();
  });

  it('retries a crashing parser with back-off and finally marks the file failed', async () => {
    flakyCalls = 0;
    const upload = await uploadFile(app, alice.headers, 'broken.flaky', 'abc');
    const id = upload.json().file.id as string;
    await app.jobs.runDueJobs();
    expect(flakyCalls).toBe(3);
    const file = await app.inject({ method: 'GET', url: `/api/documents/files/${id}`, headers: alice.headers });
    expect(file.json()).toMatchObject({ status: 'failed', failureCode: 'INGESTION_FAILED' });
    await app.inject({ method: 'DELETE', url: `/api/documents/files/${id}`, headers: alice.headers });
  });

  it('refuses a file over the size limit and an upload over the quota', async () => {
    const big = await uploadFile(app, bob.headers, 'big.txt', 'x'.repeat(2_500));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('FILE_TOO_LARGE');

    for (const name of ['one.txt', 'two.txt']) {
      expect((await uploadFile(app, bob.headers, name, 'y'.repeat(1_900))).statusCode).toBe(201);
    }
    const over = await uploadFile(app, bob.headers, 'three.txt', 'z'.repeat(1_000));
    expect(over.statusCode).toBe(413);
    expect(over.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    const usage = await app.inject({ method: 'GET', url: '/api/documents/usage', headers: bob.headers });
    expect(usage.json()).toEqual({ usedBytes: 3_800, quotaBytes: 4_000 });
    expect((await contents(bob)).files.map((file) => file.name)).toEqual(['one.txt', 'two.txt']);
    await app.jobs.runDueJobs();
    // Once ingested, a file costs its extracted text and search index too, not only its bytes.
    const ingested = await app.inject({ method: 'GET', url: '/api/documents/usage', headers: bob.headers });
    expect(ingested.json().usedBytes).toBeGreaterThan(3_800 + 2 * 1_900);
  });

  it('answers UPLOAD_FAILED for a request without a file', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/documents/files',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(['UPLOAD_FAILED', 'BAD_REQUEST']).toContain(response.json().error.code);
  });

  it('deleting a missing file answers FILE_NOT_FOUND', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/documents/files/00000000-0000-4000-8000-000000000000',
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('FILE_NOT_FOUND');
  });

  it('opening an unknown or malformed folder address answers FOLDER_NOT_FOUND', async () => {
    for (const folderId of ['00000000-0000-4000-8000-000000000000', 'no-such-folder']) {
      const response = await app.inject({ url: `/api/documents?folderId=${folderId}`, headers: alice.headers });
      expect(response.statusCode, folderId).toBe(404);
      expect(response.json().error.code).toBe('FOLDER_NOT_FOUND');
    }
  });
});

describe('moving', () => {
  it('moves files and folders into a folder, to the parent and to the root', async () => {
    const a = await createFolder(alice, 'Move A');
    const b = await createFolder(alice, 'Move B', a.id);
    const upload = await uploadFile(app, alice.headers, 'moving.txt', 'text to move around', { folderId: b.id });
    const fileId = upload.json().file.id as string;

    const toParent = await app.inject({
      method: 'POST',
      url: `/api/documents/files/${fileId}/move`,
      headers: alice.headers,
      payload: { targetFolderId: a.id, toParent: true },
    });
    expect(toParent.json()).toMatchObject({ folderId: a.id, rootFolderId: a.id });

    const toRoot = await app.inject({
      method: 'POST',
      url: `/api/documents/folders/${b.id}/move`,
      headers: alice.headers,
      payload: { targetFolderId: null },
    });
    expect(toRoot.json()).toMatchObject({ parentId: null, rootId: b.id });

    const intoFolder = await app.inject({
      method: 'POST',
      url: `/api/documents/folders/${a.id}/move`,
      headers: alice.headers,
      payload: { targetFolderId: b.id },
    });
    expect(intoFolder.json()).toMatchObject({ parentId: b.id, rootId: b.id });
    const file = await app.inject({ method: 'GET', url: `/api/documents/files/${fileId}`, headers: alice.headers });
    expect(file.json().rootFolderId).toBe(b.id);
    await app.jobs.runDueJobs();
  });

  it('refuses to move a folder into itself or a descendant', async () => {
    const top = await createFolder(alice, 'Loop top');
    const child = await createFolder(alice, 'Loop child', top.id);
    for (const target of [top.id, child.id]) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/documents/folders/${top.id}/move`,
        headers: alice.headers,
        payload: { targetFolderId: target },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('MOVE_INTO_ITSELF');
    }
  });

  it('answers MOVE_FAILED / MOVE_TO_PARENT_FAILED when the target is gone or taken', async () => {
    const folder = await createFolder(alice, 'Move target');
    const upload = await uploadFile(app, alice.headers, 'clash.txt', 'one', { folderId: folder.id });
    await uploadFile(app, alice.headers, 'clash.txt', 'two');
    const missing = await app.inject({
      method: 'POST',
      url: `/api/documents/files/${upload.json().file.id}/move`,
      headers: alice.headers,
      payload: { targetFolderId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.json().error.code).toBe('MOVE_FAILED');
    const taken = await app.inject({
      method: 'POST',
      url: `/api/documents/files/${upload.json().file.id}/move`,
      headers: alice.headers,
      payload: { targetFolderId: null, toParent: true },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('MOVE_TO_PARENT_FAILED');
    await app.jobs.runDueJobs();
  });
});

describe('privacy: no user reaches another user’s files', () => {
  it('through any API', async () => {
    const folder = await createFolder(alice, 'Private');
    const upload = await uploadFile(app, alice.headers, 'secret.txt', 'confidential merger plans with Zurich bank');
    const fileId = upload.json().file.id as string;
    await app.jobs.runDueJobs();

    const attempts = [
      { method: 'GET', url: `/api/documents?folderId=${folder.id}` },
      { method: 'GET', url: `/api/documents/files/${fileId}` },
      { method: 'GET', url: `/api/documents/files/${fileId}/content` },
      { method: 'GET', url: `/api/documents/files/${fileId}/download` },
      { method: 'PATCH', url: `/api/documents/files/${fileId}`, payload: { name: 'mine.txt' } },
      { method: 'DELETE', url: `/api/documents/files/${fileId}` },
      { method: 'POST', url: `/api/documents/files/${fileId}/move`, payload: { targetFolderId: null } },
      { method: 'POST', url: `/api/documents/files/${fileId}/reindex` },
      { method: 'PATCH', url: `/api/documents/folders/${folder.id}`, payload: { name: 'Mine' } },
      { method: 'DELETE', url: `/api/documents/folders/${folder.id}` },
      { method: 'POST', url: `/api/documents/folders/${folder.id}/move`, payload: { targetFolderId: null } },
      { method: 'POST', url: '/api/documents/folders', payload: { name: 'Inside', parentId: folder.id } },
    ] as const;
    for (const attempt of attempts) {
      const response = await app.inject({ ...attempt, headers: bob.headers });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    }
    const intoOthers = await uploadFile(app, bob.headers, 'x.txt', 'x', { folderId: folder.id });
    expect(intoOthers.statusCode).toBe(404);

    const search = await app.inject({ method: 'GET', url: '/api/documents/search?q=merger', headers: bob.headers });
    expect(search.json()).toMatchObject({ files: [], folders: [], passages: [] });
    const tree = await app.inject({ method: 'GET', url: '/api/documents/folders/tree', headers: bob.headers });
    expect(tree.json().folders.map((item: { id: string }) => item.id)).not.toContain(folder.id);

    // Alice still has everything.
    const own = await app.inject({ method: 'GET', url: '/api/documents/search?q=merger', headers: alice.headers });
    expect(own.json().passages[0].documentId).toBe(fileId);
    expect(
      (
        await app.documentSearch.searchChunks({
          query: 'merger',
          scope: { userId: bob.user.id, includeKnowledgeBase: true },
        })
      ).length,
    ).toBe(0);
  });

  it('requires a signed-in, verified user', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/documents' })).statusCode).toBe(401);
    const unverified = await createTestUser(app, { emailVerifiedAt: null });
    expect((await app.inject({ method: 'GET', url: '/api/documents', headers: unverified.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('restart recovery', () => {
  it('a job left running by a crashed process is reclaimed and finishes', async () => {
    const upload = await uploadFile(app, alice.headers, 'crash.txt', englishText);
    const id = upload.json().file.id as string;
    const file = await app.inject({ method: 'GET', url: `/api/documents/files/${id}`, headers: alice.headers });
    expect(file.json().status).toBe('pending');
    // Simulate a worker that claimed the job and died: running, locked long ago by someone else.
    const [row] = await app.db.select().from(jobs).where(eq(jobs.type, 'documents.ingest')).orderBy(jobs.createdAt);
    const pendingJobs = await app.db.select().from(jobs).where(eq(jobs.status, 'queued'));
    for (const job of pendingJobs) {
      await app.db
        .update(jobs)
        .set({ status: 'running', attempts: 1, lockedBy: 'dead-worker', lockedAt: new Date(Date.now() - 3_600_000) })
        .where(eq(jobs.id, job.id));
    }
    expect(row).toBeDefined();
    expect(await app.jobs.runDueJobs()).toBe(0);
    await app.jobs.runner.maintain({ lockTimeoutMs: 1_000 });
    await app.jobs.runDueJobs();
    const after = await app.inject({ method: 'GET', url: `/api/documents/files/${id}`, headers: alice.headers });
    expect(after.json().status).toBe('ready');
  });

  it('a file whose job failed for good is marked failed, never left pending', async () => {
    const upload = await uploadFile(app, alice.headers, 'lost.txt', englishText);
    const id = upload.json().file.id as string;
    const queued = await app.db.select().from(jobs).where(eq(jobs.status, 'queued'));
    for (const job of queued) {
      await app.db
        .update(jobs)
        .set({
          status: 'running',
          attempts: job.maxAttempts,
          lockedBy: 'dead-worker',
          lockedAt: new Date(Date.now() - 3_600_000),
          updatedAt: new Date(Date.now() - 3_600_000),
        })
        .where(eq(jobs.id, job.id));
    }
    await app.jobs.runner.maintain({ lockTimeoutMs: 1_000 });
    // The sweeper only takes files that have not moved for a few seconds.
    await app.db.execute(sql`update files set updated_at = now() - interval '1 minute' where id = ${id}`);
    expect(await app.library.recoverStuckFiles(systemActor)).toBeGreaterThanOrEqual(1);
    const after = await app.inject({ method: 'GET', url: `/api/documents/files/${id}`, headers: alice.headers });
    expect(after.json()).toMatchObject({ status: 'failed', failureCode: 'INGESTION_FAILED' });
  });
});

describe('an upgraded chunker', () => {
  it('re-indexes, at start, the files an older chunker cut, once', async () => {
    const upload = await uploadFile(app, alice.headers, 'older-passages.txt', englishText);
    const id = upload.json().file.id as string;
    await app.jobs.runDueJobs();
    const version = async () =>
      (
        await queryRows<{ chunker_version: number; status: string }>(
          app.db,
          sql`select chunker_version, status from files where id = ${id}`,
        )
      )[0];
    expect(await version()).toEqual({ chunker_version: CHUNKER_VERSION, status: 'ready' });

    // As if it had been ingested before the upgrade, with passages the new chunker would cut differently.
    await app.db.execute(sql`update files set chunker_version = 1 where id = ${id}`);
    await app.db.execute(sql`update file_chunks set text = 'stale passage' where file_id = ${id}`);
    expect(await app.library.reindexOutdated(systemActor)).toBe(1);
    expect((await version())?.status).toBe('pending');
    // Queued once: a second start (or a second instance) finds nothing more to do.
    expect(await app.library.reindexOutdated(systemActor)).toBe(0);

    await app.jobs.runDueJobs();
    expect(await version()).toEqual({ chunker_version: CHUNKER_VERSION, status: 'ready' });
    const stale = await queryRows(
      app.db,
      sql`select 1 from file_chunks where file_id = ${id} and text = 'stale passage'`,
    );
    expect(stale).toEqual([]);
  });

  it('is the system’s to run', async () => {
    const user = userActor({ user: { ...alice.user, emailVerified: true }, sessionId: 'test' }, '127.0.0.1');
    await expect(app.library.reindexOutdated(user)).rejects.toMatchObject({ statusCode: 403 });
  });
});
