import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FolderContents } from '@compliance/shared/documents';
import type { Connection, JournalEntry, OAuthProviders, SyncRun } from '@compliance/shared/integrations';
import { dropboxSettingsSchema, onedriveSettingsSchema } from '@compliance/shared/integrations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections } from '../src/db/schema/index.ts';
import { ConnectorError } from '../src/modules/integrations/connectors/connector.ts';
import { createDropboxConnector } from '../src/modules/integrations/connectors/dropbox.ts';
import { createGraphConnector } from '../src/modules/integrations/connectors/graph.ts';
import { createTokenSource } from '../src/modules/integrations/oauth.ts';
import { createOutbound } from '../src/modules/integrations/outbound.ts';
import { allowPersonalConnections, createTestUser, type TestUser } from './helpers/factories.ts';
import { startDropboxStandIn, type DropboxStandIn } from './helpers/dropbox-stand-in.ts';
import { startGraphStandIn, type GraphStandIn } from './helpers/graph-stand-in.ts';
import { testApi } from './helpers/api.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Cloud storage connections signed in with OAuth (authorization code with PKCE, the redirect handled
 * by the server): Microsoft Graph (OneDrive / SharePoint) and Dropbox, against local stand-ins that
 * speak their OAuth and API calls (the vendors cannot be reached from here).
 */

let graph: GraphStandIn;
let dropbox: DropboxStandIn;
let app: TestApp;
const { call, runJobs, askAndFinish } = testApi(() => app);
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [graph, dropbox] = await Promise.all([startGraphStandIn(), startDropboxStandIn()]);
  app = await createTestApp({
    env: {
      // The stand-ins are on this machine: the private-network guard is lifted as for the other connectors.
      INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true',
      MICROSOFT_CLIENT_ID: graph.clientId,
      MICROSOFT_CLIENT_SECRET: graph.clientSecret,
      MICROSOFT_LOGIN_URL: graph.url,
      MICROSOFT_GRAPH_URL: graph.url,
      DROPBOX_CLIENT_ID: dropbox.clientId,
      DROPBOX_CLIENT_SECRET: dropbox.clientSecret,
      DROPBOX_WEB_URL: dropbox.url,
      DROPBOX_API_URL: dropbox.url,
      DROPBOX_CONTENT_URL: dropbox.url,
    },
    chat: { offlinePaceMs: 0 },
  });
  await allowPersonalConnections(app, 50);
  [alice, bob] = await Promise.all([createTestUser(app), createTestUser(app)]);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([graph?.close(), dropbox?.close()]);
});

interface Started {
  authorizeUrl: string;
  /** The browser binding cookie, as the browser would send it back. */
  cookie: string;
}

async function start(user: TestUser, kind: 'onedrive' | 'dropbox', body: Record<string, unknown>): Promise<Started> {
  const response = await call(user, 'POST', `/integrations/oauth/${kind}/start`, body);
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = String(response.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return { authorizeUrl: (response.json() as { authorizeUrl: string }).authorizeUrl, cookie: setCookie.split(';')[0]! };
}

/** The vendor's sign-in page: the stand-in consents at once and redirects to our callback. */
async function consent(authorizeUrl: string): Promise<string> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(response.status, await response.clone().text()).toBe(302);
  const location = new URL(response.headers.get('location')!);
  return `${location.pathname}${location.search}`;
}

/** The browser arriving back at the callback: where it is sent next. */
async function callback(path: string, cookie?: string): Promise<URL> {
  const response = await app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(303);
  // The browser never sees a token: not in the address, not in a cookie, not in a body.
  expect(response.body).toBe('');
  expect(String(response.headers['set-cookie'])).toMatch(/^ca_oauth_browser=;/);
  return new URL(String(response.headers.location));
}

async function connect(
  user: TestUser,
  kind: 'onedrive' | 'dropbox',
  body: Record<string, unknown>,
): Promise<Connection> {
  const started = await start(user, kind, body);
  const back = await callback(await consent(started.authorizeUrl), started.cookie);
  expect(back.pathname).toBe('/settings/integrations');
  expect(back.searchParams.get('oauthError')).toBeNull();
  expect(back.searchParams.get('oauth')).toBe('connected');
  const id = back.searchParams.get('connection')!;
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

async function storedSecret(id: string): Promise<string> {
  const [row] = await app.db
    .select({ secret: integrationConnections.secretCiphertext })
    .from(integrationConnections)
    .where(eq(integrationConnections.id, id));
  return row!.secret;
}

describe('OAuth sign-in (authorization code with PKCE) against the Microsoft and Dropbox stand-ins', () => {
  it('tells which vendors the administrator configured', async () => {
    const response = await call(alice, 'GET', '/integrations/oauth/providers');
    expect(response.json()).toEqual({
      providers: [
        { kind: 'onedrive', configured: true },
        { kind: 'dropbox', configured: true },
        // Set up in integrations-google-box.test.ts; not in this server's environment.
        { kind: 'googledrive', configured: false },
        { kind: 'box', configured: false },
      ],
    } satisfies OAuthProviders);
    expect((await app.inject({ method: 'GET', url: '/api/integrations/oauth/providers' })).statusCode).toBe(401);
  });

  it('sends the browser to the vendor with an S256 challenge and a state, and validates the settings first', async () => {
    const started = await start(alice, 'onedrive', { name: 'OneDrive', settings: { remotePath: '/Policies' } });
    const url = new URL(started.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${graph.url}/common/oauth2/v2.0/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: graph.clientId,
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${app.config.publicUrl}/api/integrations/oauth/callback`,
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('scope')).toContain('offline_access');
    expect(started.authorizeUrl).not.toContain(graph.clientSecret);

    const invalid = await call(alice, 'POST', '/integrations/oauth/onedrive/start', {
      name: 'Bad',
      settings: { remotePath: '/a/../b' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: { 'settings.remotePath': 'integrations:validation.remotePathInvalid' },
      },
    });
    const unknownKind = await call(alice, 'POST', '/integrations/oauth/gdrive/start', { name: 'X', settings: {} });
    // A kind without OAuth is no route of this API.
    expect(unknownKind.statusCode).toBe(404);
  });

  it('refuses a callback with a wrong state, from another user’s browser, or without the cookie', async () => {
    // A state the server never issued.
    const forged = await callback('/api/integrations/oauth/callback?state=not-a-state&code=x');
    expect(forged.searchParams.get('oauthError')).toBe('INTEGRATION_OAUTH_STATE_INVALID');

    // Alice's sign-in, finished in Bob's browser (his own binding cookie): refused, and the state is used up.
    const alices = await start(alice, 'onedrive', { name: 'Alice drive', settings: {} });
    const bobs = await start(bob, 'onedrive', { name: 'Bob drive', settings: {} });
    const alicesReturn = await consent(alices.authorizeUrl);
    const hijacked = await callback(alicesReturn, bobs.cookie);
    expect(hijacked.searchParams.get('oauthError')).toBe('INTEGRATION_OAUTH_STATE_INVALID');
    const replayed = await callback(alicesReturn, alices.cookie);
    expect(replayed.searchParams.get('oauthError')).toBe('INTEGRATION_OAUTH_STATE_INVALID');

    // Without the cookie at all.
    const other = await start(alice, 'onedrive', { name: 'Alice drive', settings: {} });
    expect((await callback(await consent(other.authorizeUrl))).searchParams.get('oauthError')).toBe(
      'INTEGRATION_OAUTH_STATE_INVALID',
    );
    // The vendor's refusal (the user cancelled) is told as such.
    const cancelled = await start(alice, 'onedrive', { name: 'Alice drive', settings: {} });
    const state = new URL(cancelled.authorizeUrl).searchParams.get('state')!;
    const denied = await callback(
      `/api/integrations/oauth/callback?state=${state}&error=access_denied&error_description=cancelled`,
      cancelled.cookie,
    );
    expect(denied.searchParams.get('oauthError')).toBe('INTEGRATION_OAUTH_DENIED');

    const listed = (await call(bob, 'GET', '/integrations')).json() as { connections: Connection[] };
    expect(listed.connections).toEqual([]);
  });

  it('the stand-in checks the PKCE verifier: a code obtained for another challenge is not exchanged', async () => {
    const started = await start(alice, 'onedrive', { name: 'Tampered', settings: {} });
    const url = new URL(started.authorizeUrl);
    url.searchParams.set('code_challenge', 'A'.repeat(43));
    const back = await callback(await consent(url.href), started.cookie);
    expect(back.searchParams.get('oauthError')).toBe('INTEGRATION_AUTH_FAILED');
    const exchange = graph.tokenRequests.at(-1)!;
    expect(exchange).toMatchObject({ grant_type: 'authorization_code', client_id: graph.clientId });
    expect(exchange['code_verifier']).toMatch(/^[A-Za-z0-9_-]{64}$/);
  });
});

describe('Microsoft Graph (OneDrive) storage against the Graph stand-in', () => {
  it('connects, syncs a folder with its sub-folders, follows changes by cTag and mirrors deletions', async () => {
    graph.putFile('/Policies/AML policy.md', '# AML policy\n\nHigh-risk clients need enhanced due diligence.\n', {
      mimeType: 'text/markdown',
    });
    graph.putFile('/Policies/Procedures/kyc.txt', 'Identify the beneficial owner of every account.\n');
    graph.putFile('/Elsewhere/other.txt', 'Not synced.\n');

    const connection = await connect(alice, 'onedrive', {
      name: 'Policies on OneDrive',
      settings: { remotePath: '/Policies' },
    });
    expect(connection).toMatchObject({
      kind: 'onedrive',
      capability: 'storage',
      status: 'connected',
      target: 'OneDrive/Policies',
    });
    // The tokens are stored sealed, never in the settings or an answer.
    const secret = await storedSecret(connection.id);
    expect(secret).toMatch(/^v1:/);
    expect(secret).not.toContain('graph-at-');
    expect(JSON.stringify(connection)).not.toContain('graph-');

    const first = await sync(alice, connection.id);
    expect(first).toMatchObject({ status: 'succeeded', counts: { added: 2, updated: 0, deleted: 0, failed: 0 } });
    const root = await folderContents(alice, connection.folderId ?? (await reload(alice, connection.id)).folderId!);
    expect(root.files.map((file) => file.name)).toEqual(['AML policy.md']);
    expect(root.folders.map((folder) => folder.name)).toEqual(['Procedures']);

    expect((await sync(alice, connection.id)).counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });

    graph.putFile('/Policies/AML policy.md', '# AML policy, revised\n\nPEPs need senior approval.\n');
    graph.deleteFile('/Policies/Procedures/kyc.txt');
    graph.putFile('/Policies/new.txt', 'A new procedure.\n');
    const third = await sync(alice, connection.id);
    expect(third.counts).toMatchObject({ added: 1, updated: 1, deleted: 1, unchanged: 0 });
    const content = await call(alice, 'GET', `/documents/files/${root.files[0]!.id}/content`);
    expect(content.body).toContain('senior approval');

    expect((await call(bob, 'POST', `/integrations/${connection.id}/sync`)).json()).toMatchObject({
      error: { code: 'INTEGRATION_NOT_FOUND' },
    });
  });

  it('refreshes an expired access token, stores the new one, and goes on', async () => {
    graph.putFile('/Refresh/a.txt', 'A.\n');
    const connection = await connect(alice, 'onedrive', { name: 'Refresh', settings: { remotePath: '/Refresh' } });
    const before = await storedSecret(connection.id);
    const refreshes = graph.tokenRequests.filter((form) => form['grant_type'] === 'refresh_token').length;

    graph.expireAccessTokens();
    const run = await sync(alice, connection.id);
    expect(run).toMatchObject({ status: 'succeeded', counts: { added: 1 } });
    expect(graph.tokenRequests.filter((form) => form['grant_type'] === 'refresh_token')).toHaveLength(refreshes + 1);
    expect(graph.calls.some((entry) => entry.status === 401)).toBe(true);
    // Persisted: the next sync uses the new token without refreshing again.
    expect(await storedSecret(connection.id)).not.toBe(before);
    expect((await sync(alice, connection.id)).status).toBe('succeeded');
    expect(graph.tokenRequests.filter((form) => form['grant_type'] === 'refresh_token')).toHaveLength(refreshes + 1);
  });

  it('a revoked sign-in fails as such, and signing in again keeps the connection and its library folder', async () => {
    graph.putFile('/Revoked/a.txt', 'A.\n');
    const connection = await connect(alice, 'onedrive', { name: 'Revoked', settings: { remotePath: '/Revoked' } });
    expect((await sync(alice, connection.id)).counts.added).toBe(1);
    const folderId = (await reload(alice, connection.id)).folderId;

    graph.revokeAll();
    expect(await sync(alice, connection.id)).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_AUTH_FAILED' });
    expect(await reload(alice, connection.id)).toMatchObject({
      status: 'failing',
      lastError: { code: 'INTEGRATION_AUTH_FAILED' },
    });

    // Only its owner may sign it in again.
    const foreign = await call(bob, 'POST', '/integrations/oauth/onedrive/start', { connectionId: connection.id });
    expect(foreign.json()).toMatchObject({ error: { code: 'INTEGRATION_NOT_FOUND' } });
    const wrongKind = await call(alice, 'POST', '/integrations/oauth/dropbox/start', { connectionId: connection.id });
    expect(wrongKind.json()).toMatchObject({ error: { code: 'INTEGRATION_WRONG_CAPABILITY' } });

    const again = await start(alice, 'onedrive', { connectionId: connection.id });
    const back = await callback(await consent(again.authorizeUrl), again.cookie);
    expect(Object.fromEntries(back.searchParams)).toEqual({ oauth: 'connected', connection: connection.id });
    expect(await reload(alice, connection.id)).toMatchObject({ status: 'connected', lastError: null, folderId });
    graph.putFile('/Revoked/b.txt', 'B.\n');
    expect((await sync(alice, connection.id)).counts).toMatchObject({ added: 1, unchanged: 1 });
    const listed = (await call(alice, 'GET', '/integrations')).json() as { connections: Connection[] };
    expect(listed.connections.filter((item) => item.name === 'Revoked')).toHaveLength(1);
  });

  it('an admin connects an organisation drive into a knowledge-base branch and comes back to the admin screen', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const branch = async (kind: 'functions' | 'resource-types', name: string) => {
      const response = await call(admin, 'POST', `/admin/knowledge/${kind}`, { names: { en: name } });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: string }).id;
    };
    const knowledgeBase = {
      functionId: await branch('functions', 'SharePoint'),
      resourceTypeId: await branch('resource-types', 'Library'),
    };
    const body = {
      scope: 'organisation',
      name: 'Company library',
      settings: { driveId: 'b!library-1', remotePath: '/' },
    };

    expect((await call(admin, 'POST', '/integrations/oauth/onedrive/start', body)).json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: { 'settings.knowledgeBase': 'integrations:validation.knowledgeBaseRequired' },
      },
    });
    const withBranch = { ...body, settings: { ...body.settings, knowledgeBase } };
    expect((await call(alice, 'POST', '/integrations/oauth/onedrive/start', withBranch)).statusCode).toBe(403);

    graph.putFile('/Handbook.md', '# Handbook\n\nThe SharePoint library of the company.\n', { drive: 'b!library-1' });
    const started = await start(admin, 'onedrive', withBranch);
    const back = await callback(await consent(started.authorizeUrl), started.cookie);
    expect(back.pathname).toBe('/admin/integrations');
    expect(back.searchParams.get('oauth')).toBe('connected');
    const id = back.searchParams.get('connection')!;
    const organisation = (await call(admin, 'GET', '/integrations?scope=organisation')).json() as {
      connections: Connection[];
    };
    expect(organisation.connections.find((item) => item.id === id)).toMatchObject({
      scope: 'organisation',
      target: 'SharePoint/',
      settings: { driveId: 'b!library-1', knowledgeBase },
    });
    expect((await sync(admin, id)).counts).toMatchObject({ added: 1, failed: 0 });
    expect(graph.calls.some((entry) => entry.path.startsWith('/v1.0/drives/b!library-1/'))).toBe(true);
  });

  it('honours 429 with Retry-After: the call fails as rate-limited with the asked delay', async () => {
    graph.putFile('/Throttled/a.txt', 'A.\n');
    const connection = await connect(alice, 'onedrive', { name: 'Throttled', settings: { remotePath: '/Throttled' } });
    graph.throttle(1, 7);
    const tested = await call(alice, 'POST', `/integrations/${connection.id}/test`);
    expect(tested.json()).toMatchObject({ ok: false, connection: { lastError: { code: 'INTEGRATION_RATE_LIMITED' } } });

    // The connector reports the delay the remote asked for, so the job is retried after it.
    const outbound = createOutbound({ allowPrivateNetworks: true });
    try {
      const tokens = fixedToken(
        await validToken(`${graph.url}/common/oauth2/v2.0/authorize`, `${graph.url}/common/oauth2/v2.0/token`, graph),
      );
      const connector = createGraphConnector(
        onedriveSettingsSchema.parse({ remotePath: '/Throttled' }),
        tokens,
        outbound,
        {
          apiUrl: graph.url,
        },
      );
      graph.throttle(1, 7);
      const error = await connector.list(10).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConnectorError);
      expect(error).toMatchObject({ code: 'INTEGRATION_RATE_LIMITED', retryAfterMs: 7_000 });
      expect((await connector.list(10)).map((file) => file.path)).toEqual(['a.txt']);
    } finally {
      await outbound.close();
    }
  });

  it('saves an answer as a Markdown file in the folder (a PUT …/content), and journals it', async () => {
    const connection = await connect(alice, 'onedrive', { name: 'Answers', settings: { remotePath: '/Answers/Team' } });
    const { conversationId, messageId } = await askAndFinish(alice, 'Who is a beneficial owner?');
    const saved = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(saved.statusCode, saved.body).toBe(201);
    const entry = saved.json() as JournalEntry;
    expect(entry).toMatchObject({ status: 'sent', kind: 'onedrive' });
    const file = graph.file(`/Answers/Team/${entry.externalId}`);
    expect(file?.mimeType).toContain('text/markdown');
    expect(file?.content.toString()).toMatch(/^# Who is a beneficial owner\?/);
  });
});

describe('Dropbox storage against the Dropbox stand-in', () => {
  it('connects, syncs a folder (list_folder and continue), follows changes by content hash and mirrors deletions', async () => {
    dropbox.putFile('/Compliance/Policies/aml.md', '# AML\n\nKnow your customer.\n');
    dropbox.putFile('/Compliance/Policies/Archive/old.txt', 'An old policy.\n');
    dropbox.putFile('/Compliance/Policies/Über.txt', 'Umlaut names travel in the Dropbox-API-Arg header.\n');
    dropbox.putFile('/Compliance/Other/elsewhere.txt', 'Not synced.\n');

    const connection = await connect(alice, 'dropbox', {
      name: 'Dropbox policies',
      settings: { remotePath: '/Compliance/Policies', schedule: 'daily' },
    });
    expect(connection).toMatchObject({ kind: 'dropbox', status: 'connected', target: 'Dropbox/Compliance/Policies' });
    expect(connection.settings).toMatchObject({ remotePath: '/Compliance/Policies', schedule: 'daily' });
    expect(await storedSecret(connection.id)).not.toContain('sl.stand-in');
    // Dropbox is asked for a refresh token; the code exchange carried the PKCE verifier.
    expect(dropbox.tokenRequests.at(-1)).toMatchObject({ grant_type: 'authorization_code' });
    expect(dropbox.tokenRequests.at(-1)?.['code_verifier']).toMatch(/^[A-Za-z0-9_-]{64}$/);

    const first = await sync(alice, connection.id);
    expect(first).toMatchObject({ status: 'succeeded', counts: { added: 3, failed: 0 } });
    const root = await folderContents(alice, (await reload(alice, connection.id)).folderId!);
    expect(root.files.map((file) => file.name).sort()).toEqual(['aml.md', 'Über.txt']);
    expect(root.folders.map((folder) => folder.name)).toEqual(['Archive']);

    // Rewriting a file with the same bytes gives a new rev but the same content hash: nothing to fetch.
    dropbox.putFile('/Compliance/Policies/aml.md', '# AML\n\nKnow your customer.\n');
    expect((await sync(alice, connection.id)).counts).toMatchObject({ added: 0, updated: 0, unchanged: 3 });

    dropbox.putFile('/Compliance/Policies/aml.md', '# AML, revised\n\nEnhanced due diligence for PEPs.\n');
    dropbox.deleteFile('/Compliance/Policies/Archive/old.txt');
    const third = await sync(alice, connection.id);
    expect(third.counts).toMatchObject({ updated: 1, deleted: 1, unchanged: 1 });
    const aml = root.files.find((file) => file.name === 'aml.md')!;
    expect((await call(alice, 'GET', `/documents/files/${aml.id}/content`)).body).toContain('Enhanced due diligence');
  });

  it('pages through list_folder/continue', async () => {
    for (let index = 0; index < 5; index += 1) dropbox.putFile(`/Paged/file-${index}.txt`, `File ${index}.\n`);
    const token = await validToken(`${dropbox.url}/oauth2/authorize`, `${dropbox.url}/oauth2/token`, dropbox);
    const outbound = createOutbound({ allowPrivateNetworks: true });
    try {
      const connector = createDropboxConnector(
        dropboxSettingsSchema.parse({ remotePath: '/Paged' }),
        fixedToken(token),
        outbound,
        { apiUrl: dropbox.url, contentUrl: dropbox.url, pageSize: 2 },
      );
      const before = dropbox.calls.length;
      expect((await connector.list(100)).map((file) => file.path)).toEqual(
        [0, 1, 2, 3, 4].map((index) => `file-${index}.txt`),
      );
      expect(dropbox.calls.slice(before).map((entry) => entry.path)).toEqual([
        '/2/files/list_folder',
        '/2/files/list_folder/continue',
        '/2/files/list_folder/continue',
      ]);
      // "More than the limit" is told by one file too many, without reading further pages.
      expect(await connector.list(2)).toHaveLength(3);
    } finally {
      await outbound.close();
    }
  });

  it('refreshes an expired access token (Dropbox keeps the refresh token) and stores the new one', async () => {
    dropbox.putFile('/Expiring/a.txt', 'A.\n');
    const connection = await connect(alice, 'dropbox', { name: 'Expiring', settings: { remotePath: '/Expiring' } });
    const before = await storedSecret(connection.id);
    dropbox.expireAccessTokens();
    const run = await sync(alice, connection.id);
    expect(run).toMatchObject({ status: 'succeeded', counts: { added: 1 } });
    expect(dropbox.tokenRequests.at(-1)).toMatchObject({ grant_type: 'refresh_token' });
    expect(await storedSecret(connection.id)).not.toBe(before);
    const refreshes = dropbox.tokenRequests.length;
    expect((await sync(alice, connection.id)).status).toBe('succeeded');
    expect(dropbox.tokenRequests).toHaveLength(refreshes);
  });

  it('honours 429 with Retry-After and reports a missing folder as not found', async () => {
    dropbox.putFile('/Busy/a.txt', 'A.\n');
    const connection = await connect(alice, 'dropbox', { name: 'Busy', settings: { remotePath: '/Busy' } });
    dropbox.throttle(1, 30);
    const run = await sync(alice, connection.id);
    expect(run).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_RATE_LIMITED' });
    expect((await sync(alice, connection.id)).status).toBe('succeeded');

    const missing = await connect(alice, 'dropbox', { name: 'Missing', settings: { remotePath: '/No such folder' } });
    expect(missing).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_REMOTE_NOT_FOUND' } });
  });

  it('saves an answer with files/upload into the folder', async () => {
    const connection = await connect(alice, 'dropbox', {
      name: 'Dropbox answers',
      settings: { remotePath: '/Answers' },
    });
    const { conversationId, messageId } = await askAndFinish(alice, 'What is a PEP?');
    const saved = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(saved.statusCode, saved.body).toBe(201);
    const entry = saved.json() as JournalEntry;
    expect(entry).toMatchObject({ status: 'sent', kind: 'dropbox' });
    expect(entry.destination).toBe(`Dropbox/Answers/${entry.externalId}`);
    expect(dropbox.file(`/Answers/${entry.externalId}`)?.content.toString()).toMatch(/^# What is a PEP\?/);
  });
});

describe('the network guard and failures of the vendors’ APIs', () => {
  it('refuses vendor addresses on this machine unless private networks are allowed, and tells an unreachable API', async () => {
    const token = fixedToken('unused');
    const guarded = createOutbound({ allowPrivateNetworks: false });
    const open = createOutbound({ allowPrivateNetworks: true });
    try {
      expect(() =>
        createGraphConnector(onedriveSettingsSchema.parse({}), token, guarded, { apiUrl: graph.url }),
      ).toThrow(expect.objectContaining({ code: 'INTEGRATION_ADDRESS_BLOCKED' }));
      expect(() =>
        createDropboxConnector(dropboxSettingsSchema.parse({}), token, guarded, {
          apiUrl: 'https://api.dropboxapi.com',
          contentUrl: dropbox.url,
        }),
      ).toThrow(expect.objectContaining({ code: 'INTEGRATION_ADDRESS_BLOCKED' }));

      // A port nothing listens on: unreachable, not a generic remote error (through the Graph SDK too).
      const closed = await closedPortUrl();
      await expect(
        createGraphConnector(onedriveSettingsSchema.parse({}), token, open, { apiUrl: closed }).check(),
      ).rejects.toMatchObject({ code: 'INTEGRATION_UNREACHABLE' });
      await expect(
        createDropboxConnector(dropboxSettingsSchema.parse({}), token, open, {
          apiUrl: closed,
          contentUrl: closed,
        }).check(),
      ).rejects.toMatchObject({ code: 'INTEGRATION_UNREACHABLE' });
    } finally {
      await Promise.all([guarded.close(), open.close()]);
    }
  });
});

describe('OAuth vendors without their client id and secret', () => {
  it('are reported as not configured, and starting a sign-in is refused with a translated code', async () => {
    const bare = await createTestApp();
    try {
      const user = await createTestUser(bare);
      const providers = await bare.inject({
        method: 'GET',
        url: '/api/integrations/oauth/providers',
        headers: user.headers,
      });
      expect(providers.json()).toEqual({
        providers: [
          { kind: 'onedrive', configured: false },
          { kind: 'dropbox', configured: false },
          { kind: 'googledrive', configured: false },
          { kind: 'box', configured: false },
        ],
      });
      const started = await bare.inject({
        method: 'POST',
        url: '/api/integrations/oauth/dropbox/start',
        headers: user.headers,
        payload: { name: 'Dropbox', settings: {} },
      });
      expect(started.statusCode).toBe(400);
      expect(started.json()).toMatchObject({ error: { code: 'INTEGRATION_OAUTH_NOT_CONFIGURED' } });
    } finally {
      await bare.close();
    }
  });
});

async function reload(user: TestUser, id: string): Promise<Connection> {
  const listed = (await call(user, 'GET', '/integrations')).json() as { connections: Connection[] };
  return listed.connections.find((connection) => connection.id === id)!;
}

/** A token a stand-in accepts, obtained through its own authorize and token endpoints (as the app does). */
async function validToken(
  authorizeUrl: string,
  tokenUrl: string,
  client: { clientId: string; clientSecret: string },
): Promise<string> {
  const verifier = 'v'.repeat(64);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirect = 'http://127.0.0.1/cb';
  const authorize = await fetch(
    `${authorizeUrl}?${new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: redirect,
      code_challenge: challenge,
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
  return ((await token.json()) as { access_token: string }).access_token;
}

/** The address of a loopback port nothing listens on any more. */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function fixedToken(token: string) {
  return createTokenSource({
    initial: { accessToken: token, refreshToken: null, expiresAt: Date.now() + 3_600_000 },
    refresh: () => Promise.reject(new Error('not expected')),
    reload: async () => null,
    save: async () => {},
  });
}
