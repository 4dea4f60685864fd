import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { multipartFile } from './helpers/uploads.ts';

/** The documents the product ships (content/knowledge-base/documents/<jurisdiction>/<slug>.<lang>.md). */
const shippedDocuments = fs
  .readdirSync(new URL('../../../content/knowledge-base/documents/', import.meta.url), { recursive: true })
  .filter((name) => String(name).endsWith('.md')).length;

let app: TestApp;
let admin: TestUser;
let user: TestUser;

interface Item {
  id: string;
  code: string | null;
  names: { en: string };
  documentCount: number;
}

beforeAll(async () => {
  // The starter knowledge base, imported as on a first start, through the real ingestion pipeline.
  app = await createTestApp({ library: { seedKnowledgeBase: true } });
  admin = await createTestUser(app, { role: 'admin' });
  user = await createTestUser(app);
  await app.jobs.runDueJobs();
}, 120_000);
afterAll(() => app.close());

async function functions(): Promise<Item[]> {
  const response = await app.inject({ method: 'GET', url: '/api/admin/knowledge/functions', headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('starter knowledge base', () => {
  it('imports the taxonomy and every document, ready and searchable by any signed-in user', async () => {
    const list = await functions();
    expect(list).toHaveLength(14);
    const aml = list.find((item) => item.code === 'aml_kyc')!;
    expect(aml.documentCount).toBeGreaterThan(5);

    const types = await app.inject({
      method: 'GET',
      url: `/api/admin/knowledge/functions/${aml.id}/resource-types`,
      headers: admin.headers,
    });
    const law = (types.json().resourceTypes as Item[]).find((item) => item.code === 'law')!;
    const branch = await app.inject({
      method: 'GET',
      url: `/api/admin/knowledge/branches/${aml.id}/${law.id}`,
      headers: admin.headers,
    });
    const files = branch.json().files as { name: string; status: string; title: string }[];
    expect(files.map((file) => file.name)).toContain('amla-core-duties.en.md');
    expect(files.every((file) => file.status === 'ready')).toBe(true);
    expect(files.find((file) => file.name === 'amla-core-duties.en.md')?.title).toMatch(/Anti-Money Laundering Act/);

    const search = await app.inject({
      method: 'GET',
      url: '/api/knowledge/search?q=beneficial+owner',
      headers: user.headers,
    });
    expect(search.statusCode).toBe(200);
    const passages = search.json().passages as { scope: string; documentId: string; heading: string | null }[];
    expect(passages.length).toBeGreaterThan(0);
    expect(passages[0]!.scope).toBe('kb');

    // A user may read (cite) a knowledge-base document, and search it along with their own files.
    const content = await app.inject({
      method: 'GET',
      url: `/api/documents/files/${passages[0]!.documentId}/content`,
      headers: user.headers,
    });
    expect(content.statusCode).toBe(200);
    const german = await app.documentSearch.searchChunks({
      query: 'wirtschaftlich berechtigte Person',
      language: 'de',
      scope: { userId: user.user.id, includeKnowledgeBase: true },
    });
    expect(german[0]?.language).toBe('de');
  });

  it('finds passages for a natural question, not only for passages holding every word of it', async () => {
    const passages = await app.documentSearch.searchChunks({
      query: 'How long must investment advisers keep their books and records?',
      scope: { userId: null, includeKnowledgeBase: true },
      limit: 5,
    });
    expect(passages.map((passage) => passage.fileName)).toContain('rule-204-2-books-and-records.en.md');
  });

  it('leaves the search index tidy after ingestion: vacuumed, with the planner knowing the passages', async () => {
    // Without it, every search scanned the index's pending list and read each passage once per term.
    const [table] = await queryRows<{ estimated: number; actual: number; vacuumed: boolean }>(
      app.db,
      sql`select c.reltuples::float8 as estimated, (select count(*) from file_chunks)::float8 as actual,
                 s.last_vacuum is not null as vacuumed
          from pg_class c join pg_stat_user_tables s on s.relid = c.oid
          where c.oid = 'file_chunks'::regclass`,
    );
    expect(table!.vacuumed).toBe(true);
    expect(table!.estimated).toBeGreaterThanOrEqual(table!.actual * 0.9 - 50);
  });

  it('re-importing is idempotent', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/knowledge/import', headers: admin.headers });
    expect(response.json()).toMatchObject({ added: 0, updated: 0 });
    expect(response.json().unchanged).toBe(shippedDocuments);
  });
});

describe('admin management', () => {
  it('creates, renames, reorders and deletes functions and resource types', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/knowledge/functions',
      headers: admin.headers,
      payload: { names: { en: 'Tax', de: 'Steuern' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const fn = created.json() as Item;
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/admin/knowledge/functions/${fn.id}`,
      headers: admin.headers,
      payload: { names: { en: 'Tax compliance' } },
    });
    expect(renamed.json().names).toEqual({ en: 'Tax compliance', de: '', fr: '', it: '' });

    const ids = (await functions()).map((item) => item.id);
    const reordered = [fn.id, ...ids.filter((id) => id !== fn.id)];
    const order = await app.inject({
      method: 'PUT',
      url: '/api/admin/knowledge/functions/order',
      headers: admin.headers,
      payload: { ids: reordered },
    });
    expect(order.statusCode).toBe(204);
    expect((await functions())[0]!.id).toBe(fn.id);

    const type = await app.inject({
      method: 'POST',
      url: '/api/admin/knowledge/resource-types',
      headers: admin.headers,
      payload: { names: { en: 'Memo' } },
    });
    expect(type.statusCode).toBe(201);
    const typeId = (type.json() as Item).id;

    // A branch with a folder and a document: upload, re-index, move, delete.
    const folder = await app.inject({
      method: 'POST',
      url: `/api/admin/knowledge/branches/${fn.id}/${typeId}/folders`,
      headers: admin.headers,
      payload: { name: 'Internal memos' },
    });
    expect(folder.statusCode).toBe(201);
    const body = multipartFile('memo.md', '## Withholding tax\n\nThe withholding tax on dividends is a federal tax.\n');
    const upload = await app.inject({
      method: 'POST',
      url: `/api/admin/knowledge/branches/${fn.id}/${typeId}/files?folderId=${folder.json().id}`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = upload.json().file.id as string;
    await app.jobs.runDueJobs();

    const inUse = await app.inject({
      method: 'DELETE',
      url: `/api/admin/knowledge/functions/${fn.id}`,
      headers: admin.headers,
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.code).toBe('KB_NOT_EMPTY');

    const detail = await app.inject({
      method: 'GET',
      url: `/api/admin/knowledge/files/${fileId}`,
      headers: admin.headers,
    });
    expect(detail.json().file.status).toBe('ready');
    expect(detail.json().pages[0].text).toContain('withholding tax');

    // Files of the knowledge base are renamed like a user's own (one library, one route factory).
    const renamedFile = await app.inject({
      method: 'PATCH',
      url: `/api/admin/knowledge/files/${fileId}`,
      headers: admin.headers,
      payload: { name: 'Withholding tax memo.md' },
    });
    expect(renamedFile.statusCode, renamedFile.body).toBe(200);
    expect(renamedFile.json().name).toBe('Withholding tax memo.md');
    const userRename = await app.inject({
      method: 'PATCH',
      url: `/api/admin/knowledge/files/${fileId}`,
      headers: user.headers,
      payload: { name: 'mine.md' },
    });
    expect(userRename.statusCode).toBe(403);

    const reindex = await app.inject({
      method: 'POST',
      url: `/api/admin/knowledge/files/${fileId}/reindex`,
      headers: admin.headers,
    });
    expect(reindex.json().status).toBe('pending');
    await app.jobs.runDueJobs();

    const aml = (await functions()).find((item) => item.code === 'aml_kyc')!;
    const move = await app.inject({
      method: 'POST',
      url: `/api/admin/knowledge/files/${fileId}/move`,
      headers: admin.headers,
      payload: { functionId: aml.id, resourceTypeId: typeId, folderId: null },
    });
    expect(move.statusCode, move.body).toBe(200);

    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/admin/knowledge/folders/${folder.json().id}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/admin/knowledge/functions/${fn.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/admin/knowledge/files/${fileId}`, headers: admin.headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/admin/knowledge/resource-types/${typeId}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(204);
  });

  it('refuses non-admins everywhere in the admin API; users cannot change the knowledge base', async () => {
    const list = await functions();
    const fileSearch = await app.documentSearch.searchChunks({
      query: 'custody',
      scope: { userId: null, includeKnowledgeBase: true },
    });
    const kbFileId = fileSearch[0]!.documentId;
    const attempts = [
      { method: 'GET', url: '/api/admin/knowledge/functions' },
      { method: 'POST', url: '/api/admin/knowledge/functions', payload: { names: { en: 'X' } } },
      { method: 'DELETE', url: `/api/admin/knowledge/functions/${list[0]!.id}` },
      { method: 'DELETE', url: `/api/admin/knowledge/files/${kbFileId}` },
      { method: 'POST', url: `/api/admin/knowledge/files/${kbFileId}/reindex` },
      { method: 'POST', url: '/api/admin/knowledge/import' },
    ] as const;
    for (const attempt of attempts) {
      const response = await app.inject({ ...attempt, headers: user.headers });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
    // The user's own library API does not reach knowledge-base files for changes.
    for (const attempt of [
      { method: 'DELETE', url: `/api/documents/files/${kbFileId}` },
      { method: 'PATCH', url: `/api/documents/files/${kbFileId}`, payload: { name: 'x.md' } },
      { method: 'POST', url: `/api/documents/files/${kbFileId}/move`, payload: { targetFolderId: null } },
    ] as const) {
      const response = await app.inject({ ...attempt, headers: user.headers });
      expect(response.statusCode).toBe(404);
    }
  });

  it('test upload reports what ingestion made of a file, or why it failed', async () => {
    const good = multipartFile(
      'sample.md',
      '# Sample\n\nThe Swiss Financial Services Act sets conduct rules for advisers.\n',
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/test-upload',
      headers: { ...admin.headers, ...good.headers },
      payload: good.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, type: 'markdown', language: 'en', error: null });
    expect(response.json().chunks.length).toBeGreaterThan(0);

    const bad = multipartFile(
      'image.png',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      'image/png',
    );
    const failed = await app.inject({
      method: 'POST',
      url: '/api/admin/test-upload',
      headers: { ...admin.headers, ...bad.headers },
      payload: bad.payload,
    });
    expect(failed.json()).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_FILE_TYPE' } });
  });
});
