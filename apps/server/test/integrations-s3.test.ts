import dns from 'node:dns';
import os from 'node:os';
import { AwsClient } from 'aws4fetch';
import type { FolderContents } from '@compliance/shared/documents';
import type { Connection, ConnectionTestResult, JournalEntry, SyncRun } from '@compliance/shared/integrations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections } from '../src/db/schema/index.ts';
import { createS3Connector } from '../src/modules/integrations/connectors/s3.ts';
import { createOutbound, isPrivateAddress } from '../src/modules/integrations/outbound.ts';
import { s3SettingsSchema } from '@compliance/shared/integrations';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestS3Server, testS3Credentials, type TestS3Server } from './helpers/s3-server.ts';
import { testApi } from './helpers/api.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * S3-compatible storage connections against a real S3 server (s3rver, SigV4 checked by the test
 * server) on a loopback port: the same sync engine as WebDAV, with S3 as another list/read/write adapter.
 */

let s3: TestS3Server;
let app: TestApp;
const { call, errorOf, runJobs, askAndFinish } = testApi(() => app);
let alice: TestUser;
let bob: TestUser;
/** The remote's own users, writing to the bucket directly. */
let remote: AwsClient;

beforeAll(async () => {
  s3 = await startTestS3Server({ bucket: 'compliance-docs' });
  remote = new AwsClient({ ...testS3Credentials, service: 's3', retries: 0 });
  app = await createTestApp({
    // The bucket is on this machine: the private-network guard is lifted here and tested on its own below.
    env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' },
    chat: { offlinePaceMs: 0 },
  });
  [alice, bob] = await Promise.all([createTestUser(app), createTestUser(app)]);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await s3?.close();
});

function objectUrl(key: string): string {
  return `${s3.endpoint}/${s3.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

async function putObject(key: string, content: string): Promise<void> {
  const response = await remote.fetch(objectUrl(key), { method: 'PUT', body: content });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function deleteObject(key: string): Promise<void> {
  const response = await remote.fetch(objectUrl(key), { method: 'DELETE' });
  expect(response.status).toBe(204);
}

async function getObject(key: string): Promise<{ status: number; text: string; type: string | null }> {
  const response = await remote.fetch(objectUrl(key));
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
}

function s3Settings(overrides: Record<string, unknown> = {}) {
  return {
    endpoint: s3.endpoint,
    region: testS3Credentials.region,
    bucket: s3.bucket,
    prefix: 'policies',
    accessKeyId: testS3Credentials.accessKeyId,
    ...overrides,
  };
}

async function connectS3(user: TestUser, overrides: Record<string, unknown> = {}): Promise<Connection> {
  const response = await call(user, 'POST', '/integrations', {
    kind: 's3',
    name: 'Policies bucket',
    settings: s3Settings(),
    secret: testS3Credentials.secretAccessKey,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Connection;
}

async function sync(user: TestUser, id: string): Promise<SyncRun> {
  const queued = await call(user, 'POST', `/integrations/${id}/sync`);
  expect(queued.statusCode, queued.body).toBe(202);
  await runJobs();
  const runs = (await call(user, 'GET', `/integrations/${id}/runs`)).json() as { runs: SyncRun[] };
  return runs.runs[0]!;
}

async function folderContents(user: TestUser, folderId: string): Promise<FolderContents> {
  const response = await call(user, 'GET', `/documents?folderId=${folderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as FolderContents;
}

describe('S3-compatible storage against a real S3 server (s3rver)', () => {
  it('connects, syncs a prefix with its sub-prefixes as folders, follows changes by ETag and mirrors deletions', async () => {
    await putObject(
      'policies/aml-policy.md',
      '# AML policy\n\nClients from high-risk countries need enhanced due diligence.\n',
    );
    await putObject('policies/procedures/kyc.txt', 'Identify the beneficial owner of every account.\n');
    // A console's folder marker is not a file; a key outside the prefix is not synced.
    await putObject('policies/empty/', '');
    await putObject('elsewhere.txt', 'Outside the synced prefix.\n');
    await putObject('policies-archive/old.txt', 'A prefix that only starts like the synced one.\n');

    const connection = await connectS3(alice, { name: 'Policies: in S3' });
    expect(connection).toMatchObject({
      kind: 's3',
      capability: 'storage',
      status: 'connected',
      lastError: null,
      target: `${new URL(s3.endpoint).host}/${s3.bucket}/policies`,
    });
    const [stored] = await app.db
      .select({ secret: integrationConnections.secretCiphertext, settings: integrationConnections.settings })
      .from(integrationConnections)
      .where(eq(integrationConnections.id, connection.id));
    expect(stored?.settings).not.toHaveProperty('secretAccessKey');
    expect(stored?.secret).not.toContain(testS3Credentials.secretAccessKey);
    // Every request was signed (the test server refuses any other) and went to the bucket path-style.
    expect(s3.requests.at(-1)?.url).toMatch(new RegExp(`^/${s3.bucket}\\?`));

    const first = await sync(alice, connection.id);
    expect(first).toMatchObject({ status: 'succeeded', counts: { added: 2, updated: 0, deleted: 0, failed: 0 } });
    const listed = (await call(alice, 'GET', '/integrations')).json() as { connections: Connection[] };
    const folderId = listed.connections.find((item) => item.id === connection.id)!.folderId!;
    const root = await folderContents(alice, folderId);
    expect(root.folder?.name).toBe('Policies- in S3');
    expect(root.files.map((file) => file.name)).toEqual(['aml-policy.md']);
    expect(root.folders.map((folder) => folder.name)).toEqual(['procedures']);
    const procedures = await folderContents(alice, root.folders[0]!.id);
    expect(procedures.files.map((file) => file.name)).toEqual(['kyc.txt']);

    // Nothing changed: nothing is fetched again (no object GET in the second sync).
    const before = s3.requests.length;
    expect((await sync(alice, connection.id)).counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect(s3.requests.slice(before).filter((request) => request.url.includes('/policies/'))).toEqual([]);

    // A changed object (new ETag) is a new version of the same library file; a removed one leaves the library.
    const amlFile = root.files[0]!;
    await putObject(
      'policies/aml-policy.md',
      '# AML policy, revised\n\nPolitically exposed persons always need senior approval.\n',
    );
    await deleteObject('policies/procedures/kyc.txt');
    const third = await sync(alice, connection.id);
    expect(third.counts).toMatchObject({ updated: 1, deleted: 1, unchanged: 0, added: 0 });
    expect(third.items.map((item) => [item.remotePath, item.outcome])).toEqual(
      expect.arrayContaining([
        ['aml-policy.md', 'updated'],
        ['procedures/kyc.txt', 'deleted'],
      ]),
    );
    const content = await call(alice, 'GET', `/documents/files/${amlFile.id}/content`);
    expect(content.statusCode, content.body).toBe(200);
    expect(content.body).toContain('senior approval');
    expect((await folderContents(alice, root.folders[0]!.id)).files).toEqual([]);

    // The connection is its owner's alone.
    expect(errorOf(await call(bob, 'POST', `/integrations/${connection.id}/sync`)).code).toBe('INTEGRATION_NOT_FOUND');
  });

  it('syncs the whole bucket when no prefix is given', async () => {
    const connection = await connectS3(bob, { name: 'Whole bucket', settings: s3Settings({ prefix: '' }) });
    expect(connection.target).toBe(`${new URL(s3.endpoint).host}/${s3.bucket}`);
    const run = await sync(bob, connection.id);
    expect(run.status).toBe('succeeded');
    expect(run.items.map((item) => item.remotePath)).toEqual(
      expect.arrayContaining(['elsewhere.txt', 'policies/aml-policy.md', 'policies-archive/old.txt']),
    );
    expect(run.items.map((item) => item.remotePath)).not.toContain('policies/empty/');
  });

  it('records a wrong secret and an unknown bucket as a failing connection, in codes the interface translates', async () => {
    const wrong = await connectS3(alice, { name: 'Wrong secret', secret: 'not-the-secret-key' });
    expect(wrong).toMatchObject({
      status: 'failing',
      lastError: { code: 'INTEGRATION_AUTH_FAILED', detail: expect.stringContaining('SignatureDoesNotMatch') },
    });
    const run = await sync(alice, wrong.id);
    expect(run).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_AUTH_FAILED' });

    const missing = await connectS3(alice, {
      name: 'Missing bucket',
      settings: s3Settings({ bucket: 'no-such-bucket' }),
    });
    expect(missing).toMatchObject({
      status: 'failing',
      lastError: { code: 'INTEGRATION_REMOTE_NOT_FOUND', detail: expect.stringContaining('NoSuchBucket') },
    });

    // The right secret makes it work; an empty one keeps the stored secret.
    const fixed = await call(alice, 'PATCH', `/integrations/${wrong.id}`, {
      secret: testS3Credentials.secretAccessKey,
    });
    expect((fixed.json() as Connection).status).toBe('connected');
    const renamed = await call(alice, 'PATCH', `/integrations/${wrong.id}`, { name: 'Bucket', secret: '' });
    expect(renamed.json()).toMatchObject({ name: 'Bucket', status: 'connected' });
    const tested = (await call(alice, 'POST', `/integrations/${wrong.id}/test`)).json() as ConnectionTestResult;
    expect(tested.ok).toBe(true);
  });

  it('saves an answer with its citations to the bucket as Markdown (a PUT under the prefix), and journals it', async () => {
    const connection = await connectS3(alice, {
      name: 'Answers bucket',
      settings: s3Settings({ prefix: 'answers/team' }),
    });
    const { conversationId, messageId } = await askAndFinish(alice, 'Who is a beneficial owner?');
    const saved = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(saved.statusCode, saved.body).toBe(201);
    const entry = saved.json() as JournalEntry;
    expect(entry).toMatchObject({ status: 'sent', kind: 's3', senderEmail: alice.user.email });
    expect(entry.externalId).toMatch(/^Compliance Assistant\/\d{4}-\d{2}-\d{2} \d{4} Who is a beneficial owner\.md$/);
    expect(entry.destination).toBe(`${new URL(s3.endpoint).host}/${s3.bucket}/answers/team/${entry.externalId}`);
    const object = await getObject(`answers/team/${entry.externalId}`);
    expect(object.status).toBe(200);
    expect(object.type).toContain('text/markdown');
    expect(object.text).toMatch(/^# Who is a beneficial owner\?/);
    expect(object.text).toContain(alice.user.email);

    // The saved answer is synced back like any other object of the prefix.
    const run = await sync(alice, connection.id);
    expect(run.items).toEqual([expect.objectContaining({ remotePath: entry.externalId, outcome: 'added' })]);
  });

  it('lists a prefix page by page (ListObjects markers) and stops just past the limit', async () => {
    for (const name of ['a.txt', 'b.txt', 'c/d.txt', 'e.txt']) await putObject(`paged/${name}`, name);
    const outbound = createOutbound({ allowPrivateNetworks: true });
    try {
      const settings = s3SettingsSchema.parse(s3Settings({ prefix: '/paged/' }));
      expect(settings.prefix).toBe('paged');
      const connector = createS3Connector(settings, testS3Credentials.secretAccessKey, outbound, { pageSize: 1 });
      const before = s3.requests.length;
      const all = await connector.list(100);
      expect(all.map((file) => file.path)).toEqual(['a.txt', 'b.txt', 'c/d.txt', 'e.txt']);
      expect(all[0]).toMatchObject({
        size: 5,
        contentType: 'text/plain',
        version: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(s3.requests.length - before).toBeGreaterThanOrEqual(4);
      // "More than the limit" is told by one extra file, without listing the rest.
      expect(await connector.list(1)).toHaveLength(2);
      expect(new TextDecoder().decode(await connector.read('c/d.txt', 100))).toBe('c/d.txt');
      await expect(connector.read('c/d.txt', 3)).rejects.toMatchObject({ code: 'INTEGRATION_REMOTE_ERROR' });
      await expect(connector.read('missing.txt', 100)).rejects.toMatchObject({ code: 'INTEGRATION_REMOTE_NOT_FOUND' });
    } finally {
      await outbound.close();
    }
  });

  it('validates the bucket, the prefix, the region and the endpoint with the shared rules', async () => {
    const response = await call(alice, 'POST', '/integrations', {
      kind: 's3',
      name: 'Bad',
      settings: s3Settings({ bucket: 'Not_A_Bucket', prefix: 'a/../b', region: 'eu west', endpoint: 'ftp://x' }),
      secret: '',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toMatchObject({
      'settings.bucket': 'integrations:validation.bucketInvalid',
      'settings.prefix': 'integrations:validation.prefixInvalid',
      'settings.region': 'integrations:validation.regionInvalid',
      'settings.endpoint': 'integrations:validation.urlInvalid',
      secret: 'errors:validation.required',
    });
    const patched = await call(alice, 'PATCH', `/integrations/${(await connectS3(alice, { name: 'To change' })).id}`, {
      settings: { bucket: 'UPPER' },
    });
    expect(patched.statusCode).toBe(400);
    expect(errorOf(patched).fields).toMatchObject({ 'settings.bucket': 'integrations:validation.bucketInvalid' });
  });
});

describe('S3 through the outbound guard', () => {
  let guarded: TestApp;
  let carol: TestUser;
  beforeAll(async () => {
    guarded = await createTestApp();
    carol = await createTestUser(guarded);
  });
  afterAll(() => guarded?.close());

  it('refuses an endpoint on this machine or a private network unless an admin allows them', async () => {
    const create = (endpoint: string) =>
      call(
        carol,
        'POST',
        '/integrations',
        { kind: 's3', name: 'Internal', settings: s3Settings({ endpoint }), secret: 'x' },
        guarded,
      );
    const before = s3.requests.length;
    for (const endpoint of [s3.endpoint, 'http://169.254.169.254', 'http://localhost:9000', 'http://[::1]:9000']) {
      const response = await create(endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(errorOf(response).code).toBe('INTEGRATION_ADDRESS_BLOCKED');
    }
    // A name that resolves to this machine passes the form but not the connection's own look-up.
    const host = os.hostname();
    const resolved = await dns.promises.lookup(host);
    expect(isPrivateAddress(resolved.address), `${host} → ${resolved.address}`).toBe(true);
    const rebinding = await create(s3.endpoint.replace('127.0.0.1', host));
    expect(rebinding.statusCode, rebinding.body).toBe(201);
    expect(rebinding.json()).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_ADDRESS_BLOCKED' } });
    expect(s3.requests.length).toBe(before);
  });
});
