import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import type { FolderContents } from '@compliance/shared/documents';
import type { Connection, JournalEntry, SyncRun } from '@compliance/shared/integrations';
import { boxSettingsSchema, googledriveSettingsSchema, MAX_SYNCED_FILES } from '@compliance/shared/integrations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections } from '../src/db/schema/index.ts';
import { createBoxConnector } from '../src/modules/integrations/connectors/box.ts';
import { ConnectorError } from '../src/modules/integrations/connectors/connector.ts';
import { createGoogleDriveConnector } from '../src/modules/integrations/connectors/google-drive.ts';
import { createTokenSource } from '../src/modules/integrations/oauth.ts';
import { createOutbound, type Outbound } from '../src/modules/integrations/outbound.ts';
import { startBoxStandIn, type BoxStandIn } from './helpers/box-stand-in.ts';
import { allowPersonalConnections, createTestUser, type TestUser } from './helpers/factories.ts';
import {
  GOOGLE_DOCUMENT,
  GOOGLE_SPREADSHEET,
  startGoogleDriveStandIn,
  type GoogleDriveStandIn,
} from './helpers/google-drive-stand-in.ts';
import { testApi } from './helpers/api.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Google Drive and Box connections signed in with OAuth (authorization code with PKCE, the redirect
 * handled by the server), against local servers that speak the vendors' OAuth and API calls (Google and
 * Box cannot be reached from here), in the shape of integrations-oauth-storage.test.ts.
 */

let drive: GoogleDriveStandIn;
let box: BoxStandIn;
let app: TestApp;
const { call, runJobs, askAndFinish } = testApi(() => app);
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [drive, box] = await Promise.all([startGoogleDriveStandIn({ exportLimitBytes: 2_000 }), startBoxStandIn()]);
  app = await createTestApp({
    env: {
      // The stand-ins are on this machine: the private-network guard is lifted as for the other connectors.
      INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true',
      GOOGLE_CLIENT_ID: drive.clientId,
      GOOGLE_CLIENT_SECRET: drive.clientSecret,
      GOOGLE_ACCOUNTS_URL: drive.url,
      GOOGLE_OAUTH_URL: drive.url,
      GOOGLE_DRIVE_URL: drive.url,
      BOX_CLIENT_ID: box.clientId,
      BOX_CLIENT_SECRET: box.clientSecret,
      BOX_ACCOUNT_URL: box.url,
      BOX_API_URL: box.url,
      BOX_UPLOAD_URL: box.url,
    },
    chat: { offlinePaceMs: 0 },
  });
  await allowPersonalConnections(app, 50);
  [alice, bob] = await Promise.all([createTestUser(app), createTestUser(app)]);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([drive?.close(), box?.close()]);
});

type Kind = 'googledrive' | 'box';
async function start(user: TestUser, kind: Kind, body: Record<string, unknown>) {
  const response = await call(user, 'POST', `/integrations/oauth/${kind}/start`, body);
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = String(response.headers['set-cookie']);
  return { authorizeUrl: (response.json() as { authorizeUrl: string }).authorizeUrl, cookie: setCookie.split(';')[0]! };
}

/** The vendor's sign-in page: the stand-in consents at once and redirects to our callback. */
async function consent(authorizeUrl: string): Promise<string> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(response.status, await response.clone().text()).toBe(302);
  const location = new URL(response.headers.get('location')!);
  return `${location.pathname}${location.search}`;
}

/** The browser arriving back at the callback: where it is sent next (no token in it). */
async function callback(path: string, cookie: string): Promise<URL> {
  const response = await app.inject({ method: 'GET', url: path, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(303);
  expect(response.body).toBe('');
  return new URL(String(response.headers.location));
}

async function connect(user: TestUser, kind: Kind, body: Record<string, unknown>): Promise<Connection> {
  const started = await start(user, kind, body);
  const back = await callback(await consent(started.authorizeUrl), started.cookie);
  expect(back.searchParams.get('oauthError')).toBeNull();
  expect(back.searchParams.get('oauth')).toBe('connected');
  return reload(user, back.searchParams.get('connection')!);
}

async function reload(user: TestUser, id: string): Promise<Connection> {
  const listed = (await call(user, 'GET', '/integrations')).json() as { connections: Connection[] };
  return listed.connections.find((connection) => connection.id === id)!;
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

async function fileText(user: TestUser, fileId: string): Promise<string> {
  return (await call(user, 'GET', `/documents/files/${fileId}/content`)).body;
}

async function storedSecret(id: string): Promise<string> {
  const [row] = await app.db
    .select({ secret: integrationConnections.secretCiphertext })
    .from(integrationConnections)
    .where(eq(integrationConnections.id, id));
  return row!.secret;
}

async function share(user: TestUser, connection: Connection, question: string): Promise<JournalEntry> {
  const { conversationId, messageId } = await askAndFinish(user, question);
  const saved = await call(user, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json() as JournalEntry;
}

/** A token a stand-in accepts, obtained through its own authorize and token endpoints (as the app does). */
async function validToken(authorizeUrl: string, tokenUrl: string, client: { clientId: string; clientSecret: string }) {
  const verifier = 'v'.repeat(64);
  const redirect = 'http://127.0.0.1/cb';
  const authorize = await fetch(
    `${authorizeUrl}?${new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: redirect,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
    })}`,
    { redirect: 'manual' },
  );
  const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(tokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      code_verifier: verifier,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  });
  const accessToken = ((await token.json()) as { access_token: string }).access_token;
  return createTokenSource({
    initial: { accessToken, refreshToken: null, expiresAt: Date.now() + 3_600_000 },
    refresh: () => Promise.reject(new Error('not expected')),
    reload: async () => null,
    save: async () => {},
  });
}

async function withOutbound<T>(work: (outbound: Outbound) => Promise<T>): Promise<T> {
  const outbound = createOutbound({ allowPrivateNetworks: true });
  try {
    return await work(outbound);
  } finally {
    await outbound.close();
  }
}

const driveToken = () => validToken(`${drive.url}/o/oauth2/v2/auth`, `${drive.url}/token`, drive);
const boxToken = () => validToken(`${box.url}/api/oauth2/authorize`, `${box.url}/oauth2/token`, box);

describe('OAuth sign-in with Google and Box (Google Drive/Box replaced by a local server that speaks its API)', () => {
  it('tells both vendors are configured and sends the browser to each with what it needs for a refresh token', async () => {
    const providers = (await call(alice, 'GET', '/integrations/oauth/providers')).json() as {
      providers: { kind: string; configured: boolean }[];
    };
    expect(
      providers.providers.filter((provider) => provider.kind === 'googledrive' || provider.kind === 'box'),
    ).toEqual([
      { kind: 'googledrive', configured: true },
      { kind: 'box', configured: true },
    ]);

    const google = new URL((await start(alice, 'googledrive', { name: 'Drive', settings: {} })).authorizeUrl);
    expect(`${google.origin}${google.pathname}`).toBe(`${drive.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(google.searchParams)).toMatchObject({
      client_id: drive.clientId,
      response_type: 'code',
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
      scope: 'https://www.googleapis.com/auth/drive',
      redirect_uri: `${app.config.publicUrl}/api/integrations/oauth/callback`,
    });

    const boxed = new URL((await start(alice, 'box', { name: 'Box', settings: {} })).authorizeUrl);
    expect(`${boxed.origin}${boxed.pathname}`).toBe(`${box.url}/api/oauth2/authorize`);
    expect(boxed.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(boxed.searchParams.get('client_id')).toBe(box.clientId);

    // A folder is an id or its address; anything else is refused before leaving for the vendor.
    for (const [kind, remoteFolderId] of [
      ['googledrive', 'not a folder id!'],
      ['box', 'abc'],
    ] as const) {
      const invalid = await call(alice, 'POST', `/integrations/oauth/${kind}/start`, {
        name: 'Bad',
        settings: { remoteFolderId },
      });
      expect(invalid.json()).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          fields: { 'settings.remoteFolderId': 'integrations:validation.remoteFolderIdInvalid' },
        },
      });
    }
  });
});

describe('Google Drive storage (Google Drive replaced by a local server that speaks its API)', () => {
  it('connects to a folder by its address, syncs it (Google documents exported), follows changes and mirrors the bin', async () => {
    drive.putFile('/Compliance/Policies/aml.md', '# AML\n\nKnow your customer.\n', { mimeType: 'text/markdown' });
    drive.putFile('/Compliance/Policies/Procedures/kyc.txt', 'Identify the beneficial owner.\n');
    drive.putFile('/Compliance/Policies/Sanctions screening', 'Screen every client against the sanctions lists.', {
      mimeType: GOOGLE_DOCUMENT,
    });
    drive.putFile('/Compliance/Policies/Risk register', 'risk,owner\nPEP,Compliance\n', {
      mimeType: GOOGLE_SPREADSHEET,
    });
    drive.putFile('/Compliance/Policies/Feedback form', 'not synced', { mimeType: 'application/vnd.google-apps.form' });
    drive.putFile('/Compliance/Other/elsewhere.txt', 'Not synced.\n');
    const folderId = drive.folderId('/Compliance/Policies');

    const connection = await connect(alice, 'googledrive', {
      name: 'Policies on Google Drive',
      settings: { remoteFolderId: `https://drive.google.com/drive/u/0/folders/${folderId}?usp=sharing` },
    });
    expect(connection).toMatchObject({
      kind: 'googledrive',
      capability: 'storage',
      status: 'connected',
      settings: { remoteFolderId: folderId },
      target: `Google Drive/${folderId}`,
    });
    const secret = await storedSecret(connection.id);
    expect(secret).toMatch(/^v1:/);
    expect(secret).not.toContain('ya29.');
    expect(JSON.stringify(connection)).not.toContain('ya29.');
    expect(drive.tokenRequests.at(-1)?.['code_verifier']).toMatch(/^[A-Za-z0-9_-]{64}$/);

    const first = await sync(alice, connection.id);
    expect(first).toMatchObject({ status: 'succeeded', counts: { added: 4, failed: 0 } });
    const root = await folderContents(alice, (await reload(alice, connection.id)).folderId!);
    expect(root.files.map((file) => file.name).sort()).toEqual([
      'Risk register.csv',
      'Sanctions screening.pdf',
      'aml.md',
    ]);
    // The exported document came as a PDF and is read as one.
    const pdf = root.files.find((file) => file.name === 'Sanctions screening.pdf')!;
    expect(pdf.mimeType).toBe('application/pdf');
    expect(await fileText(alice, pdf.id)).toContain('Screen every client against the sanctions lists.');
    expect(root.folders.map((folder) => folder.name)).toEqual(['Procedures']);
    const sheet = root.files.find((file) => file.name === 'Risk register.csv')!;
    expect(await fileText(alice, sheet.id)).toContain('risk: PEP');
    const exports = drive.calls.filter((entry) => entry.path.endsWith('/export'));
    expect(exports.map((entry) => entry.query['mimeType']).sort()).toEqual(['application/pdf', 'text/csv']);

    const reads = drive.calls.length;
    expect((await sync(alice, connection.id)).counts).toMatchObject({ added: 0, updated: 0, unchanged: 4 });
    expect(drive.calls.slice(reads).filter((entry) => entry.query['alt'] === 'media')).toEqual([]);

    drive.putFile('/Compliance/Policies/aml.md', '# AML, revised\n\nEnhanced due diligence for PEPs.\n');
    drive.trashFile('/Compliance/Policies/Procedures/kyc.txt');
    const third = await sync(alice, connection.id);
    expect(third.counts).toMatchObject({ updated: 1, deleted: 1, unchanged: 2 });
    const aml = root.files.find((file) => file.name === 'aml.md')!;
    expect(await fileText(alice, aml.id)).toContain('Enhanced due diligence');

    expect((await call(bob, 'POST', `/integrations/${connection.id}/sync`)).json()).toMatchObject({
      error: { code: 'INTEGRATION_NOT_FOUND' },
    });
  });

  it('pages through files.list, stops at the limit, and enforces the size limit on downloads and exports', async () => {
    for (let index = 0; index < 5; index += 1) drive.putFile(`/Paged/file-${index}.txt`, `File ${index}.\n`);
    drive.putFile('/Paged/Sub/big.txt', 'x'.repeat(500));
    drive.putFile('/Paged/Sub/Huge document', 'y'.repeat(5_000), { mimeType: GOOGLE_DOCUMENT });
    const tokens = await driveToken();
    await withOutbound(async (outbound) => {
      const connector = createGoogleDriveConnector(
        googledriveSettingsSchema.parse({ remoteFolderId: drive.folderId('/Paged') }),
        tokens,
        outbound,
        { apiUrl: drive.url, pageSize: 2 },
      );
      const before = drive.calls.length;
      expect((await connector.list(100)).map((file) => file.path)).toEqual([
        'file-0.txt',
        'file-1.txt',
        'file-2.txt',
        'file-3.txt',
        'file-4.txt',
        'Sub/big.txt',
        'Sub/Huge document.pdf',
      ]);
      const listCalls = drive.calls.slice(before).filter((entry) => entry.path === '/drive/v3/files');
      expect(listCalls.map((entry) => entry.query['pageToken'] ?? null)).toEqual([null, '2', '4', null]);
      expect(listCalls.every((entry) => entry.query['q']?.endsWith('in parents and trashed = false'))).toBe(true);
      // "More than the limit" is told by one file too many.
      expect(await connector.list(2)).toHaveLength(3);

      await expect(connector.read('Sub/big.txt', 100)).rejects.toMatchObject({
        code: 'INTEGRATION_REMOTE_ERROR',
        detail: 'larger than 100 bytes',
      });
      expect(new TextDecoder().decode(await connector.read('Sub/big.txt', 1_000))).toBe('x'.repeat(500));
      // Drive refuses to export a document this large (the stand-in's export limit is 2,000 bytes).
      await expect(connector.read('Sub/Huge document.pdf', 1_000_000)).rejects.toMatchObject({
        code: 'INTEGRATION_REMOTE_ERROR',
        detail: expect.stringContaining('exportSizeLimitExceeded'),
      });
      // A path `list` has not seen is found by walking the folders; one that is not there is "not found".
      const fresh = createGoogleDriveConnector(
        googledriveSettingsSchema.parse({ remoteFolderId: drive.folderId('/Paged') }),
        tokens,
        outbound,
        { apiUrl: drive.url },
      );
      expect(new TextDecoder().decode(await fresh.read('file-3.txt', 1_000))).toBe('File 3.\n');
      await expect(fresh.read('Sub/missing.txt', 1_000)).rejects.toMatchObject({
        code: 'INTEGRATION_REMOTE_NOT_FOUND',
      });
    });
  });

  it('refreshes an expired access token (Google keeps the refresh token), stores the new one, and goes on', async () => {
    drive.putFile('/Refresh/a.txt', 'A.\n');
    const connection = await connect(alice, 'googledrive', {
      name: 'Refresh',
      settings: { remoteFolderId: drive.folderId('/Refresh') },
    });
    const before = await storedSecret(connection.id);
    const refreshes = () => drive.tokenRequests.filter((form) => form['grant_type'] === 'refresh_token').length;
    const earlier = refreshes();

    drive.expireAccessTokens();
    expect(await sync(alice, connection.id)).toMatchObject({ status: 'succeeded', counts: { added: 1 } });
    expect(refreshes()).toBe(earlier + 1);
    expect(drive.calls.some((entry) => entry.status === 401)).toBe(true);
    expect(await storedSecret(connection.id)).not.toBe(before);
    expect((await sync(alice, connection.id)).status).toBe('succeeded');
    expect(refreshes()).toBe(earlier + 1);

    // Access withdrawn: the refresh is refused too, and the connection says it must be signed in again.
    drive.revokeAll();
    expect(await sync(alice, connection.id)).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_AUTH_FAILED' });
    expect(await reload(alice, connection.id)).toMatchObject({
      status: 'failing',
      lastError: { code: 'INTEGRATION_AUTH_FAILED' },
    });
  });

  it('honours 429 with Retry-After (and Drive’s 403 rate limit), and reports a missing folder as not found', async () => {
    drive.putFile('/Busy/a.txt', 'A.\n');
    const connection = await connect(alice, 'googledrive', {
      name: 'Busy',
      settings: { remoteFolderId: drive.folderId('/Busy') },
    });
    drive.throttle(1, 30);
    expect(await sync(alice, connection.id)).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_RATE_LIMITED' });
    expect((await sync(alice, connection.id)).status).toBe('succeeded');

    const tokens = await driveToken();
    await withOutbound(async (outbound) => {
      const connector = createGoogleDriveConnector(
        googledriveSettingsSchema.parse({ remoteFolderId: drive.folderId('/Busy') }),
        tokens,
        outbound,
        { apiUrl: drive.url },
      );
      drive.throttle(1, 7);
      const limited = await connector.list(10).catch((caught: unknown) => caught);
      expect(limited).toBeInstanceOf(ConnectorError);
      expect(limited).toMatchObject({ code: 'INTEGRATION_RATE_LIMITED', retryAfterMs: 7_000 });
      drive.throttle(1, 1, 403);
      await expect(connector.check()).rejects.toMatchObject({ code: 'INTEGRATION_RATE_LIMITED' });
      expect((await connector.list(10)).map((file) => file.path)).toEqual(['a.txt']);
    });

    const missing = await connect(alice, 'googledrive', {
      name: 'Missing',
      settings: { remoteFolderId: 'no-such-id' },
    });
    expect(missing).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_REMOTE_NOT_FOUND' } });
  });

  it('saves an answer into the folder with a multipart upload, and replaces a file of the same name with PATCH', async () => {
    const folderId = drive.folderId('/Answers');
    const connection = await connect(alice, 'googledrive', {
      name: 'Drive answers',
      settings: { remoteFolderId: folderId },
    });
    const entry = await share(alice, connection, 'What is a PEP?');
    expect(entry).toMatchObject({ status: 'sent', kind: 'googledrive' });
    expect(entry.destination).toBe(`Google Drive/${folderId}/${entry.externalId}`);
    const saved = drive.file(`/Answers/${entry.externalId}`);
    expect(saved?.mimeType).toBe('text/markdown');
    expect(saved?.content.toString()).toMatch(/^# What is a PEP\?/);

    const tokens = await driveToken();
    await withOutbound(async (outbound) => {
      const connector = createGoogleDriveConnector(
        googledriveSettingsSchema.parse({ remoteFolderId: folderId }),
        tokens,
        outbound,
        { apiUrl: drive.url },
      );
      await connector.write('Team/note.md', '# First\n', 'text/markdown; charset=utf-8');
      const first = drive.file('/Answers/Team/note.md')!;
      const before = drive.calls.length;
      await connector.write('Team/note.md', '# Second\n', 'text/markdown; charset=utf-8');
      expect(drive.file('/Answers/Team/note.md')).toMatchObject({ id: first.id });
      expect(drive.file('/Answers/Team/note.md')?.content.toString()).toBe('# Second\n');
      expect(
        drive.calls
          .slice(before)
          .filter((entry) => entry.path.startsWith('/upload/'))
          .map((entry) => `${entry.method} ${entry.path}`),
      ).toEqual([`PATCH /upload/drive/v3/files/${first.id}`]);
    });
  });
});

describe('Box storage (Box replaced by a local server that speaks its API)', () => {
  it('connects to a folder by its address, syncs it with its sub-folders, follows changes by SHA-1 and mirrors deletions', async () => {
    box.putFile('/Compliance/Policies/aml.md', '# AML\n\nKnow your customer.\n');
    box.putFile('/Compliance/Policies/Archive/old.txt', 'An old policy.\n');
    box.putFile('/Compliance/Other/elsewhere.txt', 'Not synced.\n');
    const folderId = box.folderId('/Compliance/Policies');

    const connection = await connect(alice, 'box', {
      name: 'Box policies',
      settings: { remoteFolderId: `https://app.box.com/folder/${folderId}`, schedule: 'daily' },
    });
    expect(connection).toMatchObject({
      kind: 'box',
      status: 'connected',
      settings: { remoteFolderId: folderId, schedule: 'daily' },
      target: `Box/${folderId}`,
    });
    expect(await storedSecret(connection.id)).not.toContain('box-at-');

    const first = await sync(alice, connection.id);
    expect(first).toMatchObject({ status: 'succeeded', counts: { added: 2, failed: 0 } });
    const root = await folderContents(alice, (await reload(alice, connection.id)).folderId!);
    expect(root.files.map((file) => file.name)).toEqual(['aml.md']);
    expect(root.folders.map((folder) => folder.name)).toEqual(['Archive']);
    // The listing asked for the fields the version is made of; downloads followed the redirect without the token.
    expect(box.calls.find((entry) => entry.path.endsWith('/items'))?.query['fields']).toContain('sha1');
    const downloads = box.calls.filter((entry) => entry.path.startsWith('/dl/'));
    expect(downloads).toHaveLength(2);
    expect(downloads.every((entry) => !entry.authorized)).toBe(true);

    // A new version with the same bytes: same SHA-1, nothing to fetch.
    box.putFile('/Compliance/Policies/aml.md', '# AML\n\nKnow your customer.\n');
    expect((await sync(alice, connection.id)).counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });

    box.putFile('/Compliance/Policies/aml.md', '# AML, revised\n\nEnhanced due diligence for PEPs.\n');
    box.deleteFile('/Compliance/Policies/Archive/old.txt');
    const third = await sync(alice, connection.id);
    expect(third.counts).toMatchObject({ updated: 1, deleted: 1, unchanged: 0 });
    expect(await fileText(alice, root.files[0]!.id)).toContain('Enhanced due diligence');
  });

  it('pages through a folder’s items, and refuses a folder with more files than a sync takes', async () => {
    for (let index = 0; index < 5; index += 1) box.putFile(`/Paged/file-${index}.txt`, `File ${index}.\n`);
    const tokens = await boxToken();
    await withOutbound(async (outbound) => {
      const connector = createBoxConnector(
        boxSettingsSchema.parse({ remoteFolderId: box.folderId('/Paged') }),
        tokens,
        outbound,
        { apiUrl: box.url, contentUrl: box.url, pageSize: 2 },
      );
      const before = box.calls.length;
      expect((await connector.list(100)).map((file) => file.path)).toEqual(
        [0, 1, 2, 3, 4].map((index) => `file-${index}.txt`),
      );
      const pages = box.calls.slice(before).filter((entry) => entry.path.endsWith('/items'));
      expect(pages.map((entry) => entry.query['offset'])).toEqual(['0', '2', '4']);
      expect(await connector.list(2)).toHaveLength(3);
      await expect(connector.read('file-4.txt', 3)).rejects.toMatchObject({ detail: 'larger than 3 bytes' });
    });

    for (let index = 0; index <= MAX_SYNCED_FILES; index += 1) box.putFile(`/Crowded/f-${index}.txt`, `${index}\n`);
    const crowded = await connect(alice, 'box', {
      name: 'Crowded',
      settings: { remoteFolderId: box.folderId('/Crowded') },
    });
    const downloadsBefore = box.calls.filter((entry) => entry.path.startsWith('/dl/')).length;
    expect(await sync(alice, crowded.id)).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_TOO_MANY_FILES' });
    expect(box.calls.filter((entry) => entry.path.startsWith('/dl/'))).toHaveLength(downloadsBefore);
  });

  it('refreshes an expired access token (Box hands out a new refresh token each time) and stores both', async () => {
    box.putFile('/Expiring/a.txt', 'A.\n');
    const connection = await connect(alice, 'box', {
      name: 'Expiring',
      settings: { remoteFolderId: box.folderId('/Expiring') },
    });
    const before = await storedSecret(connection.id);
    box.expireAccessTokens();
    expect(await sync(alice, connection.id)).toMatchObject({ status: 'succeeded', counts: { added: 1 } });
    expect(box.tokenRequests.at(-1)).toMatchObject({ grant_type: 'refresh_token' });
    expect(await storedSecret(connection.id)).not.toBe(before);

    // The rotated refresh token was stored: a second expiry refreshes with it.
    box.expireAccessTokens();
    box.putFile('/Expiring/b.txt', 'B.\n');
    expect(await sync(alice, connection.id)).toMatchObject({ status: 'succeeded', counts: { added: 1, unchanged: 1 } });
    const refreshTokens = box.tokenRequests.slice(-2).map((form) => form['refresh_token']);
    expect(refreshTokens[0]).not.toBe(refreshTokens[1]);
  });

  it('honours 429 with Retry-After and reports a missing folder as not found', async () => {
    box.putFile('/Busy/a.txt', 'A.\n');
    const connection = await connect(alice, 'box', {
      name: 'Busy',
      settings: { remoteFolderId: box.folderId('/Busy') },
    });
    box.throttle(1, 30);
    expect(await sync(alice, connection.id)).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_RATE_LIMITED' });
    expect((await sync(alice, connection.id)).status).toBe('succeeded');

    const tokens = await boxToken();
    await withOutbound(async (outbound) => {
      const connector = createBoxConnector(
        boxSettingsSchema.parse({ remoteFolderId: box.folderId('/Busy') }),
        tokens,
        outbound,
        { apiUrl: box.url, contentUrl: box.url },
      );
      box.throttle(1, 7);
      await expect(connector.list(10)).rejects.toMatchObject({ code: 'INTEGRATION_RATE_LIMITED', retryAfterMs: 7_000 });
      // A file Box is still preparing (202) is retried after the time it asks for, not stored empty.
      expect((await connector.list(10)).map((file) => file.path)).toEqual(['a.txt']);
      box.notReady(1, 5);
      await expect(connector.read('a.txt', 1_000)).rejects.toMatchObject({
        code: 'INTEGRATION_RATE_LIMITED',
        retryAfterMs: 5_000,
      });
      expect(new TextDecoder().decode(await connector.read('a.txt', 1_000))).toBe('A.\n');
    });

    const missing = await connect(alice, 'box', { name: 'Missing', settings: { remoteFolderId: '99999999' } });
    expect(missing).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_REMOTE_NOT_FOUND' } });
  });

  it('saves an answer with an upload into the folder, and a file of the same name gets a new version', async () => {
    const folderId = box.folderId('/Answers');
    const connection = await connect(alice, 'box', { name: 'Box answers', settings: { remoteFolderId: folderId } });
    const entry = await share(alice, connection, 'Who is a beneficial owner?');
    expect(entry).toMatchObject({ status: 'sent', kind: 'box' });
    expect(entry.destination).toBe(`Box/${folderId}/${entry.externalId}`);
    expect(box.file(`/Answers/${entry.externalId}`)?.content.toString()).toMatch(/^# Who is a beneficial owner\?/);

    const tokens = await boxToken();
    await withOutbound(async (outbound) => {
      const connector = createBoxConnector(boxSettingsSchema.parse({ remoteFolderId: folderId }), tokens, outbound, {
        apiUrl: box.url,
        contentUrl: box.url,
      });
      await connector.write('Team/note.md', '# First\n', 'text/markdown; charset=utf-8');
      const first = box.file('/Answers/Team/note.md')!;
      await connector.write('Team/note.md', '# Second\n', 'text/markdown; charset=utf-8');
      expect(box.file('/Answers/Team/note.md')).toMatchObject({ id: first.id, etag: 1 });
      expect(box.file('/Answers/Team/note.md')?.content.toString()).toBe('# Second\n');
      expect(box.calls.at(-1)).toMatchObject({ method: 'POST', path: `/api/2.0/files/${first.id}/content` });
    });
  });
});

describe('the network guard with the Google Drive and Box connectors', () => {
  it('refuses their addresses on this machine unless private networks are allowed, and tells an unreachable API', async () => {
    const tokens = createTokenSource({
      initial: { accessToken: 'unused', refreshToken: null, expiresAt: Date.now() + 3_600_000 },
      refresh: () => Promise.reject(new Error('not expected')),
      reload: async () => null,
      save: async () => {},
    });
    const guarded = createOutbound({ allowPrivateNetworks: false });
    try {
      expect(() =>
        createGoogleDriveConnector(googledriveSettingsSchema.parse({}), tokens, guarded, { apiUrl: drive.url }),
      ).toThrow(expect.objectContaining({ code: 'INTEGRATION_ADDRESS_BLOCKED' }));
      expect(() =>
        createBoxConnector(boxSettingsSchema.parse({}), tokens, guarded, {
          apiUrl: 'https://api.box.com',
          contentUrl: box.url,
        }),
      ).toThrow(expect.objectContaining({ code: 'INTEGRATION_ADDRESS_BLOCKED' }));
    } finally {
      await guarded.close();
    }
    const closed = await closedPortUrl();
    await withOutbound(async (open) => {
      await expect(
        createGoogleDriveConnector(googledriveSettingsSchema.parse({}), tokens, open, { apiUrl: closed }).check(),
      ).rejects.toMatchObject({ code: 'INTEGRATION_UNREACHABLE' });
      await expect(
        createBoxConnector(boxSettingsSchema.parse({}), tokens, open, { apiUrl: closed, contentUrl: closed }).check(),
      ).rejects.toMatchObject({ code: 'INTEGRATION_UNREACHABLE' });
    });
  });
});

/** The address of a loopback port nothing listens on any more. */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
