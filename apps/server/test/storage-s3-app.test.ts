import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestS3Server, type TestS3Server } from './helpers/s3-server.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';

const text =
  'Customer due diligence is the core duty of every financial intermediary.\n\n' +
  'The intermediary must identify the contracting party and establish the beneficial owner of the assets.';

let s3: TestS3Server;
let app: TestApp;
let alice: TestUser;

beforeAll(async () => {
  s3 = await startTestS3Server();
  app = await createTestApp({ env: s3.env });
  alice = await createTestUser(app);
});

afterAll(async () => {
  await app?.close();
  await s3?.close();
});

describe('documents on S3 (S3 replaced by a local S3-compatible server)', () => {
  it('uploads a document into the bucket, ingests it and downloads it back', async () => {
    expect(app.storage.kind).toBe('s3');

    const upload = await uploadFile(app, alice.headers, 'duties.txt', text);
    expect(upload.statusCode, upload.body).toBe(201);
    const { file } = upload.json();
    const keys = s3.storedKeys();
    expect(keys.filter((key) => key.startsWith(`users/${alice.user.id}/${file.id}/`))).toHaveLength(1);
    // Nothing went to local disk.
    expect(fs.existsSync(path.join(app.config.dataDir, 'files', 'users'))).toBe(false);

    await app.jobs.runDueJobs();
    const ready = await app.inject({ method: 'GET', url: `/api/documents/files/${file.id}`, headers: alice.headers });
    expect(ready.json()).toMatchObject({ status: 'ready', type: 'txt' });

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
    expect(download.body).toBe(text);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/documents/files/${file.id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(s3.storedKeys().filter((key) => key.includes(file.id))).toEqual([]);
  });
});
