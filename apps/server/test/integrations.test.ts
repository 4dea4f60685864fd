import dns from 'node:dns';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConversationDetail } from '@compliance/shared/chat';
import type { FolderContents } from '@compliance/shared/documents';
import type {
  Connection,
  ConnectionTestResult,
  JournalEntry,
  JournalPage,
  SyncRun,
} from '@compliance/shared/integrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { integrationAlertDeliveries, integrationConnections, jobs, mailOutbox } from '../src/db/schema/index.ts';
import { isPrivateAddress } from '../src/modules/integrations/outbound.ts';
import { apacheAvailable, startApacheWebdav, type WebdavServer } from './helpers/apache-webdav.ts';
import { dokuwikiAvailable, startDokuwiki } from './helpers/dokuwiki.ts';
import { allowPersonalConnections, createTestUser, type TestUser } from './helpers/factories.ts';
import { startSlackStandIn } from './helpers/slack-api-stand-in.ts';
import { startTeamsWebhookStandIn } from './helpers/teams-webhook-stand-in.ts';
import { testApi } from './helpers/api.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';

type SlackStandIn = Awaited<ReturnType<typeof startSlackStandIn>>;
type TeamsStandIn = Awaited<ReturnType<typeof startTeamsWebhookStandIn>>;

// Real servers from Debian: CI installs them (.ci/run); elsewhere a missing one skips its tests, loudly.
const hasApache = apacheAvailable();
const hasDokuwiki = dokuwikiAvailable();
if (process.env.CI && !(hasApache && hasDokuwiki)) {
  throw new Error('The connector tests need Debian’s servers: apt-get install apache2 php-cli php-cgi dokuwiki');
}
if (!hasApache) console.warn('Skipping the WebDAV connector tests: apt-get install apache2');
if (!hasDokuwiki) console.warn('Skipping the DokuWiki connector tests: apt-get install php-cli php-cgi dokuwiki');

let app: TestApp;
const { call, errorOf, runJobs, askAndFinish } = testApi(() => app);
let webdav: WebdavServer;
let slack: SlackStandIn;
let teams: TeamsStandIn;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [webdav, slack, teams] = await Promise.all([
    hasApache ? startApacheWebdav() : (undefined as unknown as WebdavServer),
    startSlackStandIn({ channels: [{ id: 'C0COMPLIANCE', name: 'compliance' }] }),
    startTeamsWebhookStandIn(),
  ]);
  app = await createTestApp({
    // The servers run on this machine: the private-network guard is lifted here and tested on its own below.
    env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' },
    integrations: { slackApiUrl: slack.url },
    chat: { offlinePaceMs: 0 },
  });
  [alice, bob, admin] = await Promise.all([
    createTestUser(app),
    createTestUser(app),
    createTestUser(app, { role: 'admin' }),
  ]);
  await allowPersonalConnections(app, 50);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([webdav?.stop(), slack?.close(), teams?.close()]);
});

/** Writes a file into the served folder as the remote's users would (readable by Apache's user). */
function putRemote(relative: string, content: string): void {
  const target = path.join(webdav.root, relative);
  // Apache's user must be able to write there too (answers are saved into these folders).
  for (let dir = path.dirname(target); dir.startsWith(webdav.root) && dir !== webdav.root; dir = path.dirname(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.chmodSync(dir, 0o777);
  }
  fs.writeFileSync(target, content);
  fs.chmodSync(target, 0o666);
}

async function connectWebdav(user: TestUser, overrides: Record<string, unknown> = {}): Promise<Connection> {
  const response = await call(user, 'POST', '/integrations', {
    kind: 'webdav',
    name: 'Policies on the file server',
    settings: { url: webdav.url, username: webdav.username, remotePath: '/policies' },
    secret: webdav.password,
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

async function folderFiles(user: TestUser, folderId: string) {
  const response = await call(user, 'GET', `/documents?folderId=${folderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as FolderContents;
}

describe.skipIf(!hasApache)('WebDAV storage against a real Apache mod_dav server', () => {
  it('connects, syncs a folder into the library, follows changes and deletions, and keeps history', async () => {
    putRemote(
      'policies/aml-policy.md',
      '# AML policy\n\nClients from high-risk countries need enhanced due diligence.\n',
    );
    putRemote('policies/procedures/kyc.txt', 'Identify the beneficial owner of every account.\n');
    putRemote('elsewhere.txt', 'Outside the synced folder.\n');

    const connection = await connectWebdav(alice, { name: 'Policies: on the file server' });
    expect(connection).toMatchObject({ kind: 'webdav', capability: 'storage', status: 'connected', lastError: null });
    expect(JSON.stringify(connection)).not.toContain(webdav.password);
    // At rest too: the row holds ciphertext only.
    const [stored] = await app.db
      .select({ secret: integrationConnections.secretCiphertext })
      .from(integrationConnections)
      .where(eq(integrationConnections.id, connection.id));
    expect(stored?.secret).toBeTruthy();
    expect(stored?.secret).not.toContain(webdav.password);
    expect(Buffer.from(stored!.secret, 'base64url').toString('latin1')).not.toContain(webdav.password);

    const first = await sync(alice, connection.id);
    expect(first).toMatchObject({ status: 'succeeded', counts: { added: 2, updated: 0, deleted: 0, failed: 0 } });
    const listed = (await call(alice, 'GET', '/integrations')).json() as { connections: Connection[] };
    const folderId = listed.connections[0]!.folderId!;
    const root = await folderFiles(alice, folderId);
    expect(root.folder?.name).toBe('Policies- on the file server');
    expect(root.files.map((file) => file.name)).toEqual(['aml-policy.md']);
    expect(root.folders.map((folder) => folder.name)).toEqual(['procedures']);

    // The library file and the answers citing it name the remote file and the version synced.
    const amlFile = root.files[0]!;
    const origin = { connectionId: connection.id, connectionName: 'Policies: on the file server', kind: 'webdav' };
    expect(amlFile.origin).toMatchObject({ ...origin, path: 'aml-policy.md', revision: 1 });
    const before = await askAndFinish(alice, 'Which clients need enhanced due diligence under the AML policy?');
    const firstCitation = before.answer.citations.find((citation) => citation.documentId === amlFile.id);
    expect(firstCitation?.origin).toMatchObject({ ...origin, path: 'aml-policy.md', revision: 1 });
    expect(firstCitation?.origin?.version).toBe(amlFile.origin?.version);

    // Nothing changed: nothing is fetched again.
    expect((await sync(alice, connection.id)).counts).toMatchObject({ added: 0, updated: 0, unchanged: 2 });

    // A changed file is a new version of the same library file; a removed one leaves the library.
    putRemote(
      'policies/aml-policy.md',
      '# AML policy, revised\n\nPolitically exposed persons always need senior approval.\n',
    );
    fs.rmSync(path.join(webdav.root, 'policies/procedures/kyc.txt'));
    const third = await sync(alice, connection.id);
    expect(third.counts).toMatchObject({ updated: 1, deleted: 1, unchanged: 0 });
    expect(third.items.map((item) => [item.remotePath, item.outcome])).toEqual(
      expect.arrayContaining([
        ['aml-policy.md', 'updated'],
        ['procedures/kyc.txt', 'deleted'],
      ]),
    );
    const content = await call(alice, 'GET', `/documents/files/${amlFile.id}/content`);
    expect(content.statusCode, content.body).toBe(200);
    expect(content.body).toContain('senior approval');
    // Answers cite the new version, by number; the earlier answer still names the version it quoted.
    const { answer } = await askAndFinish(alice, 'Who must approve politically exposed persons under the AML policy?');
    const newCitation = answer.citations.find((citation) => citation.documentId === amlFile.id);
    expect(newCitation?.quote).toContain('senior approval');
    expect(newCitation?.origin).toMatchObject({ ...origin, path: 'aml-policy.md', revision: 2 });
    expect(newCitation?.origin?.version).not.toBe(firstCitation?.origin?.version);
    const earlier = (
      await call(alice, 'GET', `/chat/conversations/${before.conversationId}`)
    ).json() as ConversationDetail;
    const kept = earlier.messages.flatMap((message) => message.citations).find((c) => c.documentId === amlFile.id);
    expect(kept?.origin?.revision).toBe(1);
    expect((content.json() as { file: { origin: unknown } }).file.origin).toMatchObject({ revision: 2 });
    // Uploaded by hand over it, the file is the user's own again: no origin.
    const replaced = await uploadFile(app, alice.headers, 'aml-policy.md', '# My own notes\n', {
      folderId,
      onConflict: 'replace',
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect((replaced.json() as { file: { id: string; origin: unknown } }).file).toMatchObject({
      id: amlFile.id,
      origin: null,
    });

    // The sync is the owner's: nobody else sees or drives it.
    expect(errorOf(await call(bob, 'POST', `/integrations/${connection.id}/sync`)).code).toBe('INTEGRATION_NOT_FOUND');
    expect(errorOf(await call(bob, 'GET', `/integrations/${connection.id}/runs`)).code).toBe('INTEGRATION_NOT_FOUND');
    expect((await call(bob, 'GET', '/integrations')).json()).toEqual({ connections: [] });
  });

  it('posts a sync that starts failing to the owner’s channels that asked for it, once while it keeps failing', async () => {
    putRemote('sync-alerts/memo.txt', 'Keep records for ten years.\n');
    const channel = await call(alice, 'POST', '/integrations', {
      kind: 'slack',
      name: 'Ops channel',
      settings: { channel: '#compliance', syncAlerts: true },
      secret: slack.token,
    });
    expect(channel.statusCode, channel.body).toBe(201);
    // Bob's channel asks for alerts too, but of his own connections only.
    const bobs = await call(bob, 'POST', '/integrations', {
      kind: 'slack',
      name: 'Bob’s channel',
      settings: { channel: '#compliance', syncAlerts: true },
      secret: slack.token,
    });
    expect(bobs.statusCode, bobs.body).toBe(201);
    const storage = await connectWebdav(alice, {
      name: 'Records share',
      settings: { url: webdav.url, username: webdav.username, remotePath: '/sync-alerts' },
    });
    expect((await sync(alice, storage.id)).status).toBe('succeeded');
    const before = slack.messages.length;

    fs.rmSync(path.join(webdav.root, 'sync-alerts'), { recursive: true });
    expect((await sync(alice, storage.id)).status).toBe('failed');
    const alerts = slack.messages.slice(before);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toMatch(/Sync of “Records share” failed[\s\S]*folder, space or page was not found/);

    // Still failing: nothing more; working again, then failing again: one more.
    expect((await sync(alice, storage.id)).status).toBe('failed');
    expect(slack.messages.length).toBe(before + 1);
    putRemote('sync-alerts/memo.txt', 'Keep records for ten years.\n');
    expect((await sync(alice, storage.id)).status).toBe('succeeded');
    fs.rmSync(path.join(webdav.root, 'sync-alerts'), { recursive: true });
    expect((await sync(alice, storage.id)).status).toBe('failed');
    expect(slack.messages.length).toBe(before + 2);
  });

  it('records a wrong password and an unknown folder as a failing connection, in words the interface translates', async () => {
    const wrong = await connectWebdav(alice, { name: 'Wrong password', secret: 'not-the-password' });
    expect(wrong).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_AUTH_FAILED' } });

    const missing = await connectWebdav(alice, {
      name: 'Missing folder',
      settings: { url: webdav.url, username: webdav.username, remotePath: '/no-such-folder' },
    });
    expect(missing).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_REMOTE_NOT_FOUND' } });
    const run = await sync(alice, missing.id);
    expect(run).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_REMOTE_NOT_FOUND' });

    // Fixing the secret makes it work again; an empty secret keeps the stored one.
    const fixed = await call(alice, 'PATCH', `/integrations/${wrong.id}`, { secret: webdav.password });
    expect((fixed.json() as Connection).status).toBe('connected');
    const renamed = await call(alice, 'PATCH', `/integrations/${wrong.id}`, { name: 'File server', secret: '' });
    expect(renamed.json()).toMatchObject({ name: 'File server', status: 'connected' });

    const tested = (await call(alice, 'POST', `/integrations/${wrong.id}/test`)).json() as ConnectionTestResult;
    expect(tested.ok).toBe(true);
  });

  it('syncs on its schedule, and e-mails the owner once when scheduled syncs start failing', async () => {
    putRemote('scheduled/report.txt', 'Quarterly sanctions screening report.\n');
    const connection = await connectWebdav(alice, {
      name: 'Scheduled',
      settings: { url: webdav.url, username: webdav.username, remotePath: '/scheduled', schedule: 'hourly' },
    });
    const nextSync = async () => {
      const [row] = await app.db
        .select({ nextSyncAt: integrationConnections.nextSyncAt })
        .from(integrationConnections)
        .where(eq(integrationConnections.id, connection.id));
      return row!.nextSyncAt!;
    };
    const due = await nextSync();
    expect(due.getTime() - Date.now()).toBeGreaterThan(50 * 60_000);
    // The hour has come (the job is run directly rather than waiting for it).
    await app.integrations.runScheduled(connection.id, due.toISOString());
    await runJobs();
    const runs = (await call(alice, 'GET', `/integrations/${connection.id}/runs`)).json() as { runs: SyncRun[] };
    expect(runs.runs[0]).toMatchObject({ trigger: 'schedule', status: 'succeeded', counts: { added: 1 } });
    expect((await nextSync()).getTime()).toBeGreaterThan(due.getTime());
    // A stale job (the schedule moved on) does nothing.
    await app.integrations.runScheduled(connection.id, due.toISOString());
    expect(
      ((await call(alice, 'GET', `/integrations/${connection.id}/runs`)).json() as { runs: SyncRun[] }).runs,
    ).toHaveLength(1);

    // The folder goes away: two failing scheduled syncs, one e-mail.
    fs.rmSync(path.join(webdav.root, 'scheduled'), { recursive: true });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await app.integrations.runScheduled(connection.id, (await nextSync()).toISOString());
      await runJobs();
    }
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, alice.user.email), eq(mailOutbox.template, 'integration_sync_failed')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Scheduled');
    expect(mails[0]!.textBody).toContain('/settings/integrations');
  });

  it('saves an answer with its citations to the storage as Markdown, and journals it', async () => {
    putRemote('answers-source/guide.md', '# Guide\n\nA beneficial owner holds at least 25 percent of the shares.\n');
    const connection = await connectWebdav(alice, {
      name: 'Answers',
      settings: { url: webdav.url, username: webdav.username, remotePath: '/answers-source' },
    });
    await sync(alice, connection.id);
    const { conversationId, messageId } = await askAndFinish(alice, 'Who is a beneficial owner under the guide?');

    const saved = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(saved.statusCode, saved.body).toBe(201);
    const entry = saved.json() as JournalEntry;
    expect(entry).toMatchObject({ status: 'sent', kind: 'webdav' });
    const written = path.join(webdav.root, 'answers-source', entry.externalId!);
    const markdown = fs.readFileSync(written, 'utf8');
    expect(markdown).toMatch(/^# Who is a beneficial owner under the guide\?/);
    expect(markdown).toContain(alice.user.email);

    // The whole conversation: each answer under its question, the sources numbered on.
    const followUp = await call(alice, 'POST', `/chat/conversations/${conversationId}/messages`, {
      content: 'What share of the company makes someone a beneficial owner?',
    });
    expect(followUp.statusCode, followUp.body).toBe(200);
    const whole = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId });
    expect(whole.statusCode, whole.body).toBe(201);
    const document = fs.readFileSync(
      path.join(webdav.root, 'answers-source', (whole.json() as JournalEntry).externalId!),
      'utf8',
    );
    expect(document).toContain('## Who is a beneficial owner under the guide?');
    expect(document).toContain('## What share of the company makes someone a beneficial owner?');
    expect(document).toMatch(/25 percent/);
    const sources = [...document.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1]));
    expect(sources.length).toBeGreaterThanOrEqual(2);
    expect(sources).toEqual(sources.map((_, index) => index + 1));

    // A channel takes answers, not whole conversations.
    const channel = await call(alice, 'POST', '/integrations', {
      kind: 'slack',
      name: 'Whole conversations?',
      settings: { channel: '#compliance' },
      secret: slack.token,
    });
    const refused = await call(alice, 'POST', `/integrations/${(channel.json() as Connection).id}/share`, {
      conversationId,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('INTEGRATION_WRONG_CAPABILITY');
  });
});

describe('organisation sources into the knowledge base', () => {
  const branch = async (kind: 'functions' | 'resource-types', name: string) => {
    const response = await call(admin, 'POST', `/admin/knowledge/${kind}`, { names: { en: name } });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };

  it.skipIf(!hasApache)('syncs an admin’s WebDAV folder into the knowledge-base branch chosen for it', async () => {
    const functionId = await branch('functions', 'Internal policies');
    const resourceTypeId = await branch('resource-types', 'Policy');
    putRemote('kb-policies/sanctions.md', '# Sanctions policy\n\nScreen every new client against the SECO list.\n');
    const settings = { url: webdav.url, username: webdav.username, remotePath: '/kb-policies' };

    const missingBranch = await call(admin, 'POST', '/integrations', {
      kind: 'webdav',
      scope: 'organisation',
      name: 'Policies',
      settings,
      secret: webdav.password,
    });
    expect(errorOf(missingBranch).fields).toEqual({
      'settings.knowledgeBase': 'integrations:validation.knowledgeBaseRequired',
    });
    expect(
      (
        await call(alice, 'POST', '/integrations', {
          kind: 'webdav',
          scope: 'organisation',
          name: 'Policies',
          settings: { ...settings, knowledgeBase: { functionId, resourceTypeId } },
          secret: webdav.password,
        })
      ).statusCode,
    ).toBe(403);

    const created = await call(admin, 'POST', '/integrations', {
      kind: 'webdav',
      scope: 'organisation',
      name: 'Company policies',
      settings: { ...settings, knowledgeBase: { functionId, resourceTypeId } },
      secret: webdav.password,
    });
    expect(created.statusCode, created.body).toBe(201);
    const connection = created.json() as Connection;
    expect((await sync(admin, connection.id)).counts).toMatchObject({ added: 1, failed: 0 });

    const contents = await call(admin, 'GET', `/admin/knowledge/branches/${functionId}/${resourceTypeId}`);
    const folder = (contents.json() as { folders: { id: string; name: string }[] }).folders.find(
      (item) => item.name === 'Company policies',
    );
    expect(folder).toBeDefined();
    // Every user's answers can now draw on it.
    const { answer } = await askAndFinish(
      bob,
      'Which list must new clients be screened against under the sanctions policy?',
    );
    expect(answer.citations.some((citation) => citation.quote.includes('SECO'))).toBe(true);
  });

  it.skipIf(!hasDokuwiki)(
    'imports a real DokuWiki’s namespace into the knowledge base and publishes an answer as a page',
    async () => {
      const wiki = await startDokuwiki();
      try {
        await wiki.putPage(
          'procedures:onboarding',
          '====== Client onboarding ======\n\nCollect the Form A declaration of the beneficial owner before opening the account.\n',
        );
        await wiki.putPage('private:salaries', '====== Salaries ======\n\nNot for the knowledge base.\n');
        const functionId = await branch('functions', 'Procedures');
        const resourceTypeId = await branch('resource-types', 'Wiki page');
        const created = await call(admin, 'POST', '/integrations', {
          kind: 'dokuwiki',
          scope: 'organisation',
          name: 'Procedures wiki',
          settings: {
            url: wiki.url,
            username: wiki.username,
            namespace: 'procedures',
            knowledgeBase: { functionId, resourceTypeId },
          },
          secret: wiki.password,
        });
        expect(created.statusCode, created.body).toBe(201);
        const connection = created.json() as Connection;
        expect(connection).toMatchObject({ capability: 'wiki', status: 'connected' });
        const run = await sync(admin, connection.id);
        expect(run).toMatchObject({ status: 'succeeded', counts: { added: 1 } });
        expect(run.items.map((item) => item.remotePath)).toEqual(['onboarding.html']);

        const { conversationId, messageId, answer } = await askAndFinish(
          bob,
          'Which declaration must be collected before opening the account during client onboarding?',
        );
        expect(answer.citations.some((citation) => citation.quote.includes('Form A'))).toBe(true);
        // Bob may publish through the organisation's wiki: the answer becomes a page of the namespace.
        const published = await call(bob, 'POST', `/integrations/${connection.id}/share`, {
          conversationId,
          messageId,
        });
        expect(published.statusCode, published.body).toBe(201);
        const again = await sync(admin, connection.id);
        expect(again.counts).toMatchObject({ added: 1, unchanged: 1 });
      } finally {
        await wiki.stop();
      }
    },
  );
});

describe('messaging (Slack through its Web API client against a local server that speaks Slack’s API; Teams Workflows webhook stand-in)', () => {
  it('shares an answer with its citations to a Slack channel and keeps it in the journal', async () => {
    const created = await call(alice, 'POST', '/integrations', {
      kind: 'slack',
      name: 'Compliance channel',
      settings: { channel: '#compliance' },
      secret: slack.token,
    });
    expect(created.statusCode, created.body).toBe(201);
    const connection = created.json() as Connection;
    expect(connection).toMatchObject({ status: 'connected', target: '#compliance' });

    const { conversationId, messageId, answer } = await askAndFinish(alice, 'What is enhanced due diligence?');
    const shared = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(shared.statusCode, shared.body).toBe(201);
    const entry = shared.json() as JournalEntry;
    const posted = slack.messages.at(-1)!;
    expect(posted.channel).toBe('C0COMPLIANCE');
    expect(posted.text).toContain(answer.content.slice(0, 40));
    expect(entry).toMatchObject({
      status: 'sent',
      destination: '#compliance',
      externalId: posted.ts,
      senderEmail: alice.user.email,
    });

    const journal = (await call(alice, 'GET', '/integrations/journal')).json() as JournalPage;
    expect(journal.entries.map((item) => item.id)).toContain(entry.id);
    const bobsJournal = (await call(bob, 'GET', '/integrations/journal')).json() as JournalPage;
    expect(bobsJournal.entries.map((item) => item.id)).not.toContain(entry.id);

    // Another user cannot send through it, nor share someone else's answer.
    expect(
      errorOf(await call(bob, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId })).code,
    ).toBe('INTEGRATION_NOT_FOUND');
  });

  it('answers Slack’s rate limit and a revoked token with their own codes, journalled as failed', async () => {
    const connection = (
      await call(alice, 'POST', '/integrations', {
        kind: 'slack',
        name: 'Rate-limited channel',
        settings: { channel: 'C0COMPLIANCE' },
        secret: slack.token,
      })
    ).json() as Connection;
    const { conversationId, messageId } = await askAndFinish(alice, 'What is a PEP?');

    slack.rateLimitNext(5, 30);
    const limited = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('INTEGRATION_RATE_LIMITED');
    slack.rateLimitNext(0);

    const revoked = await call(alice, 'PATCH', `/integrations/${connection.id}`, { secret: 'xoxb-revoked-token' });
    expect(revoked.json()).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_AUTH_FAILED' } });

    const journal = (await call(alice, 'GET', '/integrations/journal')).json() as JournalPage;
    expect(journal.entries.find((item) => item.connectionId === connection.id)).toMatchObject({
      status: 'failed',
      errorCode: 'INTEGRATION_RATE_LIMITED',
    });
  });

  it('lets admins set up an organisation channel everyone can send to, and export the whole journal', async () => {
    const refused = await call(alice, 'POST', '/integrations', {
      kind: 'teams',
      scope: 'organisation',
      name: 'Compliance team',
      secret: teams.url,
    });
    expect(refused.statusCode).toBe(403);

    const created = await call(admin, 'POST', '/integrations', {
      kind: 'teams',
      scope: 'organisation',
      name: 'Compliance team',
      secret: teams.url,
    });
    expect(created.statusCode, created.body).toBe(201);
    const connection = created.json() as Connection;
    expect(connection).toMatchObject({ scope: 'organisation', status: 'connected' });
    expect(JSON.stringify(connection)).not.toContain(new URL(teams.url).search);

    const targets = (await call(bob, 'GET', '/integrations/share-targets')).json() as { connections: Connection[] };
    expect(targets.connections.find((item) => item.id === connection.id)).toMatchObject({ settings: {} });
    expect(errorOf(await call(bob, 'DELETE', `/integrations/${connection.id}`)).code).toBe('INTEGRATION_NOT_FOUND');

    const { conversationId, messageId } = await askAndFinish(bob, 'What is the FATF grey list?');
    const sent = await call(bob, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(sent.statusCode, sent.body).toBe(201);
    const card = teams.cards.at(-1) as { type: string; body: { text: string }[] };
    expect(card.type).toBe('AdaptiveCard');
    expect(card.body[0]!.text).toBe('What is the FATF grey list?');

    expect((await call(bob, 'GET', '/admin/integrations/journal')).statusCode).toBe(403);
    const csv = await call(admin, 'GET', '/admin/integrations/journal.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(bob.user.email);
    expect(csv.body).toContain(alice.user.email);

    const audit = await call(admin, 'GET', '/admin/audit-log?action=integration.connection_created');
    expect(audit.statusCode, audit.body).toBe(200);
  });
});

describe('FATF list alerts', () => {
  it('posts a change of the lists to every channel that asked for it, in its owner’s language, and journals it', async () => {
    const create = (user: TestUser, name: string, fatfAlerts: boolean, scope: 'personal' | 'organisation') =>
      call(user, 'POST', '/integrations', {
        kind: 'slack',
        scope,
        name,
        settings: { channel: '#compliance', fatfAlerts },
        secret: slack.token,
      });
    expect((await create(admin, 'FATF alerts', true, 'organisation')).statusCode).toBe(201);
    expect((await create(alice, 'Quiet channel', false, 'personal')).statusCode).toBe(201);
    expect((await call(bob, 'PATCH', '/account/settings', { language: 'de' })).statusCode).toBe(200);
    const german = (await create(bob, 'Meine Warnungen', true, 'personal')).json() as Connection;
    const before = slack.messages.length;

    const changed = await call(admin, 'PUT', '/admin/countries/NO/status', {
      status: 'grey',
      effectiveDate: '2026-10-24',
      sourceNote: 'Plenary outcome',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await runJobs();

    const alerts = slack.messages.slice(before);
    expect(alerts).toHaveLength(2);
    expect(alerts.map((message) => message.text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/FATF lists changed[\s\S]*Norway[\s\S]*grey list/),
        expect.stringMatching(/FATF-Listen geändert[\s\S]*Norwegen[\s\S]*graue Liste/),
      ]),
    );
    const journal = (await call(admin, 'GET', '/admin/integrations/journal')).json() as JournalPage;
    expect(journal.entries.find((entry) => entry.connectionId === german.id)).toMatchObject({
      status: 'sent',
      senderEmail: 'system@localhost',
    });

    // A review without changes posts nothing.
    expect((await call(admin, 'POST', '/admin/countries/review')).statusCode).toBeLessThan(300);
    await runJobs();
    expect(slack.messages.length).toBe(before + 2);
  });

  it('posts each change once per channel: recorded with the change, de-duplicated on retries and re-runs', async () => {
    const created = await call(alice, 'POST', '/integrations', {
      kind: 'slack',
      name: 'Once only',
      settings: { channel: '#compliance', fatfAlerts: true },
      secret: slack.token,
    });
    expect(created.statusCode, created.body).toBe(201);
    const channel = created.json() as Connection;
    const postsTo = (id: string) =>
      app.db
        .select()
        .from(integrationAlertDeliveries)
        .where(eq(integrationAlertDeliveries.connectionId, id))
        .then((rows) => rows);
    const before = slack.messages.length;

    // The change and its outbox job commit together: nothing is lost if the process stops right after.
    const changed = await call(admin, 'PUT', '/admin/countries/IS/status', {
      status: 'grey',
      effectiveDate: '2026-10-25',
      sourceNote: 'Plenary outcome',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const outbox = (await app.db.select().from(jobs).where(eq(jobs.type, 'countries.list-changed'))).find((job) =>
      (job.payload as { changed: string[] }).changed.includes('IS'),
    );
    expect(outbox?.payload).toMatchObject({ reason: 'status_changed', changed: ['IS'] });
    expect(slack.messages.length).toBe(before);
    await runJobs();
    const [delivery] = await postsTo(channel.id);
    expect(delivery).toMatchObject({ kind: 'fatf_change', status: 'sent', payload: { changed: ['IS'] } });
    const posted = slack.messages.slice(before).filter((message) => /Iceland/.test(message.text));
    expect(posted.length).toBeGreaterThanOrEqual(1);
    const count = slack.messages.length;

    // The change heard again (a listener failed and the job was retried) and the delivery job run again
    // (a restart before its completion was recorded): nothing more is posted.
    const change = outbox!.payload as { changeId: string; asOf: string; changed: string[] };
    await app.integrations.queueFatfAlerts(change);
    await runJobs();
    await app.integrations.sendAlert(delivery!.id);
    expect(slack.messages.length).toBe(count);
    expect(await postsTo(channel.id)).toHaveLength(1);
    const all = (await call(admin, 'GET', '/admin/integrations/journal')).json() as JournalPage;
    expect(all.entries.filter((entry) => entry.connectionId === channel.id)).toHaveLength(1);
  });
});

describe('outbound guard and secrets', () => {
  let guarded: TestApp;
  let carol: TestUser;
  beforeAll(async () => {
    guarded = await createTestApp();
    carol = await createTestUser(guarded);
  });
  afterAll(() => guarded?.close());

  it('refuses addresses on this machine or a private network unless an admin allows them', async () => {
    for (const url of [
      'http://127.0.0.1:8080/dav/',
      'http://169.254.169.254/latest/',
      'http://localhost/dav/',
      'http://[::1]/',
    ]) {
      const response = await guarded.inject({
        method: 'POST',
        url: '/api/integrations',
        headers: carol.headers,
        payload: { kind: 'webdav', name: 'Internal', settings: { url, username: 'x' }, secret: 'y' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).code).toBe('INTEGRATION_ADDRESS_BLOCKED');
    }
    // A name (not an address) that resolves to this machine passes the form but not the connection's look-up.
    const host = os.hostname();
    const resolved = await dns.promises.lookup(host);
    expect(isPrivateAddress(resolved.address), `${host} → ${resolved.address}`).toBe(true);
    const before = teams.cards.length;
    const created = await guarded.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: carol.headers,
      payload: { kind: 'teams', name: 'Rebinding', secret: teams.url.replace('127.0.0.1', host) },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_ADDRESS_BLOCKED' } });
    expect(teams.cards.length).toBe(before);
  });

  it('stores secrets encrypted and validates each kind’s fields', async () => {
    const response = await guarded.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: carol.headers,
      payload: { kind: 'slack', name: 'Bad', settings: { channel: 'Not a channel!' }, secret: 'password' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toMatchObject({
      'settings.channel': 'integrations:validation.channelInvalid',
      secret: 'integrations:validation.slackTokenInvalid',
    });
    const anonymous = await guarded.inject({ method: 'GET', url: '/api/integrations' });
    expect(anonymous.statusCode).toBe(401);
  });
});
