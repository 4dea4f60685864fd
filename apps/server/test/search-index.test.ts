import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeBaseIndex, type KnowledgeBaseIndex } from '../src/modules/search/knowledge-base-index.ts';
import { createSearchService, type SearchService } from '../src/modules/search/search.service.ts';
import { createChatTestApp } from './chat/helpers.ts';
import type { TestApp } from './helpers/test-app.ts';
import { createTestUser } from './helpers/factories.ts';
import { uploadFile } from './helpers/uploads.ts';

// The answers search the knowledge base in an in-process index (ADR 031); it must rank exactly as
// the SQL ranking does, and never answer from a state of the database that has changed.

const labelled = JSON.parse(fs.readFileSync(new URL('../../../eval/answers.json', import.meta.url), 'utf8')) as {
  questions: { question: string }[];
};

let app: TestApp;
let inSql: SearchService;
let inIndex: SearchService;
let index: KnowledgeBaseIndex;
const knowledgeBase = { userId: null, includeKnowledgeBase: true };

beforeAll(async () => {
  app = await createChatTestApp();
  // The SQL ranking counts passages with the planner's statistics; analysed, they are exact.
  await app.db.execute(sql`analyze file_chunks`);
  // PGlite sees every write; on PostgreSQL this process's own writes are all the test makes.
  const generation = (app.database.writeGeneration ?? app.database.ownWriteGeneration)!;
  // No common word cut short: SQL then ranks every matching passage, as the index does.
  const candidateLimit = 1_000_000;
  inSql = createSearchService(app.db, { candidateLimit });
  index = createKnowledgeBaseIndex(app.db, { generation, maxAgeMs: Infinity });
  inIndex = createSearchService(app.db, { candidateLimit, knowledgeBaseIndex: index });
  await inIndex.prepare();
  expect((await index.current())?.passages).toBeGreaterThan(500);
}, 300_000);
afterAll(() => app?.close());

describe('knowledge-base index', () => {
  it('ranks the labelled questions exactly as SQL does, across languages', async () => {
    const questions = labelled.questions.filter((_, index) => index % 5 === 0).map((item) => item.question);
    expect(questions.length).toBeGreaterThan(40);
    for (const query of questions) {
      const input = { query, scope: knowledgeBase, limit: 30, acrossLanguages: true, snippets: false };
      const [expected, found] = [await inSql.searchChunks(input), await inIndex.searchChunks(input)];
      expect(
        found.map((passage) => passage.chunkId),
        query,
      ).toEqual(expected.map((passage) => passage.chunkId));
      found.forEach((passage, index) => expect(passage.rank).toBeCloseTo(expected[index]!.rank, 4));
      expect(found[0], query).toMatchObject({ ...expected[0], rank: expect.any(Number) });
    }
  });

  it('finds a German separable verb written with "zu" inside, in SQL and in the index alike', async () => {
    // The starter knowledge base says "Die Belege sind so aufzubewahren, …"; the question says "aufbewahren".
    const input = { query: 'Belege aufbewahren', scope: knowledgeBase, limit: 10, snippets: false };
    const [expected, found] = [await inSql.searchChunks(input), await inIndex.searchChunks(input)];
    expect(found.map((passage) => passage.chunkId)).toEqual(expected.map((passage) => passage.chunkId));
    // Both forms count: a passage with "aufzubewahren" comes first (second when only "aufbewahren" counted).
    expect(found[0]?.text).toMatch(/aufzubewahren/);
  });

  it('follows a change to the knowledge base at once: a withdrawn document is never found', async () => {
    const input = { query: 'beneficial owner', scope: knowledgeBase, limit: 5, snippets: false };
    const [top] = await inIndex.searchChunks(input);
    expect(top).toBeDefined();
    await app.db.execute(sql`update files set status = 'failed' where id = ${top!.documentId}`);
    try {
      const after = await inIndex.searchChunks(input);
      expect(after.some((passage) => passage.documentId === top!.documentId)).toBe(false);
      const ids = (passages: { chunkId: string }[]) => passages.map((passage) => passage.chunkId);
      expect(ids(after)).toEqual(ids(await inSql.searchChunks(input)));
    } finally {
      await app.db.execute(sql`update files set status = 'ready' where id = ${top!.documentId}`);
    }
    expect((await inIndex.searchChunks(input))[0]?.chunkId).toBe(top!.chunkId);
  });

  it('leaves a user with documents of their own, and highlighted snippets, to SQL', async () => {
    const user = await createTestUser(app);
    const upload = await uploadFile(
      app,
      user.headers,
      'memo.txt',
      'Beneficial owner checks for our private bank clients follow the internal memo.',
    );
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    for (let round = 0; round < 10; round += 1) if ((await app.jobs.runDueJobs()) === 0) break;
    const mine = { userId: user.user.id, includeKnowledgeBase: true };
    const input = { query: 'beneficial owner internal memo', scope: mine, limit: 10, snippets: false };
    const found = await inIndex.searchChunks(input);
    expect(found.some((passage) => passage.scope === 'user')).toBe(true);
    expect(found).toEqual(await inSql.searchChunks(input));
    const highlighted = await inIndex.searchChunks({ query: 'beneficial owner', scope: knowledgeBase, limit: 3 });
    expect(highlighted[0]?.snippet).toContain('\u0002');
  });
});
