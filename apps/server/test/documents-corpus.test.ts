// Every file of the shared corpus, uploaded into a user's library and ingested by the background
// job: each ends ready or failed with a reason, none is left pending, and the API keeps answering.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';
import { corpusAvailable, corpusDir } from './ingestion/fixtures.ts';

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

describe.skipIf(!corpusAvailable)('the shared corpus through the document library', () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    user = await createTestUser(app);
  });
  afterAll(() => app.close());

  it('every file ends ready or failed with a reason', { timeout: 300_000 }, async () => {
    const files = listFiles(corpusDir).filter((file) => !basename(file).startsWith('.'));
    const ids = new Map<string, string>();
    for (const [index, file] of files.entries()) {
      const response = await uploadFile(
        app,
        user.headers,
        `${index}-${basename(file)}`,
        readFileSync(file),
        {},
        'application/octet-stream',
      );
      // A file whose first bytes prove it unsupported (an image, say) is refused before it is stored.
      if (response.statusCode === 415) {
        expect(response.json().error.code, file).toBe('UNSUPPORTED_FILE_TYPE');
        continue;
      }
      expect(response.statusCode, `${file}: ${response.body}`).toBe(201);
      ids.set(file, response.json().file.id);
    }
    const running = app.jobs.runDueJobs();
    // The API answers while files are being parsed (parsing runs in worker threads).
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await running;

    const listing = await app.inject({ method: 'GET', url: '/api/documents', headers: user.headers });
    const byId = new Map<string, { status: string; failureCode: string | null }>(
      listing.json().files.map((file: { id: string; status: string; failureCode: string | null }) => [file.id, file]),
    );
    for (const [file, id] of ids) {
      const stored = byId.get(id);
      expect(stored, file).toBeDefined();
      expect(['ready', 'failed'], `${file} is ${stored?.status}`).toContain(stored?.status);
      if (stored?.status === 'failed') expect(stored.failureCode, file).toBeTruthy();
    }
  });
});
