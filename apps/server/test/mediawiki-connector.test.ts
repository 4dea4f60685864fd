import type { FolderContents } from '@compliance/shared/documents';
import type { ConversationDetail } from '@compliance/shared/chat';
import type { Connection, JournalEntry, SyncRun } from '@compliance/shared/integrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediawikiConnector } from '../src/modules/integrations/connectors/mediawiki.ts';
import { createOutbound, type Outbound } from '../src/modules/integrations/outbound.ts';
import { parseHtml } from '../src/modules/ingestion/parsers/html.ts';
import { assistantId, parseEvents } from './chat/helpers.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import {
  mediawikiAvailable,
  mediawikiInstallCommand,
  startMediawiki,
  type MediawikiServer,
} from './helpers/mediawiki.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// On a developer's machine without MediaWiki these tests skip, loudly; in CI (which installs it) they must run,
// and startMediawiki fails with the install command.
const skip = !mediawikiAvailable() && !process.env.CI;
if (skip) console.warn(`Skipping the MediaWiki connector tests: ${mediawikiInstallCommand}`);

let wiki: MediawikiServer;
let outbound: Outbound;

function connector(options: { namespace?: string; category?: string; password?: string } = {}) {
  return createMediawikiConnector(
    { url: wiki.apiUrl, username: wiki.username, namespace: options.namespace ?? '', category: options.category ?? '' },
    options.password ?? wiki.password,
    outbound,
  );
}

async function readText(path: string, options: { namespace?: string; category?: string } = {}) {
  return new TextDecoder().decode(await connector(options).read(path, 1_000_000));
}

describe.skipIf(skip)('MediaWiki connector against a real MediaWiki (Debian, SQLite)', () => {
  beforeAll(async () => {
    wiki = await startMediawiki();
    outbound = createOutbound({ allowPrivateNetworks: true });
    await wiki.editPage(
      'Know your customer',
      "Check the '''identity''' & address of every customer.\n\n== Documents ==\nA passport.\n\n[[Category:Policies]]",
    );
    await wiki.editPage('Sanctions screening', 'Screen against the SECO lists.\n\n[[Category:Policies]]');
    await wiki.editPage('Help:Fees', 'What the service costs.');
  }, 120_000);

  afterAll(async () => {
    await outbound?.close();
    await wiki?.stop();
  });

  it('checks and lists the pages of a namespace or a category, with the revision as version', async () => {
    await connector().check();
    expect(connector().describe()).toBe(`${new URL(wiki.apiUrl).host}/(Main)`);
    const main = await connector().list(100);
    expect(main.map((file) => file.path)).toEqual([
      'Know your customer.html',
      'Main Page.html',
      'Sanctions screening.html',
    ]);
    for (const file of main) {
      expect(file.version).toMatch(/^\d+$/);
      expect(file.contentType).toBe('text/html');
      expect(file.size).toBeGreaterThan(0);
    }
    // A namespace by name or number: its prefix is left out of the paths.
    expect((await connector({ namespace: 'Help' }).list(100)).map((file) => file.path)).toEqual(['Fees.html']);
    expect((await connector({ namespace: '12' }).list(100)).map((file) => file.path)).toEqual(['Fees.html']);
    expect((await connector({ category: 'Category:Policies' }).list(100)).map((file) => file.path)).toEqual([
      'Know your customer.html',
      'Sanctions screening.html',
    ]);
    // At most limit + 1, so that "too many" can be told.
    expect(await connector().list(1)).toHaveLength(2);
  });

  it('reads a page as an HTML document titled with the page title', async () => {
    const html = await readText('Know your customer.html');
    expect(html).toMatch(/^<!doctype html>\n<html><head><meta charset="utf-8"><title>Know your customer<\/title>/);
    expect(html).toContain('<b>identity</b> &amp; address');
    expect(html).not.toContain('[edit]');
    const parsed = parseHtml(html, { maxTextChars: 100_000 });
    expect(parsed.title).toBe('Know your customer');
    expect(parsed.blocks).toEqual(
      expect.arrayContaining([{ text: 'Documents', heading: true }, { text: 'A passport.' }]),
    );
    expect(await readText('Fees.html', { namespace: 'Help' })).toContain('What the service costs.');
    await expect(connector().read('Know your customer.html', 100)).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_ERROR',
      detail: 'larger than 100 bytes',
    });
    await expect(connector().read('Missing page.html', 1_000_000)).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
    });
  });

  it('publishes a Markdown answer as a page of the category, in wikitext', async () => {
    const answer = [
      '# Which countries are on the grey list',
      '',
      'The FATF lists **several** countries under *increased monitoring* [1].',
      '',
      '- Nigeria',
      '- South Africa',
      '',
      '---',
      '',
      '1. [FATF grey list](https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html)',
      '2. AML policy, p. 3',
      '',
      '_Shared by Wiki Tester on 25 November 2026_',
      '',
    ].join('\n');
    const policies = connector({ category: 'Policies' });
    await policies.write('Compliance Assistant/2026-11-25 1430 Grey list.md', answer, 'text/markdown; charset=utf-8');

    const text = await wiki.pageText('Compliance Assistant/2026-11-25 1430 Grey list');
    expect(text).toContain('== Which countries are on the grey list ==');
    expect(text).toContain("'''several'''");
    expect(text).toContain("''increased monitoring''");
    expect(text).toContain('* Nigeria');
    expect(text).toContain('# [https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html FATF grey list]');
    expect(text).toContain('[[Category:Policies]]');

    const listed = (await policies.list(100)).map((file) => file.path);
    expect(listed).toContain('Compliance Assistant/2026-11-25 1430 Grey list.html');
    const html = await readText('Compliance Assistant/2026-11-25 1430 Grey list.html');
    expect(html).toContain('<b>several</b>');
    expect(html).toMatch(/<li>Nigeria<\/li>/);
    // "[1]" is the answer's own text, not wiki markup (MediaWiki writes the brackets as character references).
    expect(html).toContain('monitoring</i> &#91;1&#93;.');
  });

  it('answers INTEGRATION_AUTH_FAILED to a wrong bot password', async () => {
    const wrong = connector({ password: `${wiki.password}x` });
    await expect(wrong.check()).rejects.toMatchObject({ code: 'INTEGRATION_AUTH_FAILED' });
    await expect(wrong.write('a.md', 'text', 'text/markdown')).rejects.toMatchObject({
      code: 'INTEGRATION_AUTH_FAILED',
    });
  });

  it('answers INTEGRATION_REMOTE_NOT_FOUND to an unknown namespace or an empty category', async () => {
    await expect(connector({ namespace: 'Nowhere' }).check()).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
    });
    await expect(connector({ category: 'Nothing here' }).check()).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
      detail: expect.stringContaining('Nothing here'),
    });
  });

  it('goes through the network guard: a wiki on this machine is refused unless private networks are allowed', async () => {
    const guarded = createOutbound({ allowPrivateNetworks: false });
    try {
      expect(() =>
        createMediawikiConnector(
          { url: wiki.apiUrl, username: wiki.username, namespace: '', category: '' },
          wiki.password,
          guarded,
        ),
      ).toThrow(expect.objectContaining({ code: 'INTEGRATION_ADDRESS_BLOCKED' }));
    } finally {
      await guarded.close();
    }
  });

  describe('synced into the library', () => {
    let app: TestApp;
    let alice: TestUser;

    beforeAll(async () => {
      app = await createTestApp({ env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' }, chat: { offlinePaceMs: 0 } });
      alice = await createTestUser(app);
    }, 120_000);

    afterAll(async () => {
      await app?.close();
    });

    function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
      return app.inject({ method, url: `/api${url}`, headers: alice.headers, ...(payload ? { payload } : {}) });
    }

    async function sync(id: string): Promise<SyncRun> {
      const queued = await call('POST', `/integrations/${id}/sync`);
      expect(queued.statusCode, queued.body).toBe(202);
      for (let round = 0; round < 20 && (await app.jobs.runDueJobs()) > 0; round += 1);
      return ((await call('GET', `/integrations/${id}/runs`)).json() as { runs: SyncRun[] }).runs[0]!;
    }

    async function fileNames(folderId: string) {
      const contents = (await call('GET', `/documents?folderId=${folderId}`)).json() as FolderContents;
      return contents.files.map((file) => file.name).sort();
    }

    it('adds, updates and deletes pages of a category in the library; a wrong password changes nothing', async () => {
      await wiki.editPage('Travel rule', 'Send the originator data with every transfer.\n\n[[Category:Procedures]]');
      await wiki.editPage('Record keeping', 'Keep records for ten years.\n\n[[Category:Procedures]]');
      const created = await call('POST', '/integrations', {
        kind: 'mediawiki',
        name: 'Procedures wiki',
        settings: { url: wiki.apiUrl, username: wiki.username, category: 'Procedures', schedule: 'daily' },
        secret: wiki.password,
      });
      expect(created.statusCode, created.body).toBe(201);
      const connection = created.json() as Connection;
      expect(connection).toMatchObject({ kind: 'mediawiki', capability: 'wiki', status: 'connected' });
      expect(connection.target).toBe(`${new URL(wiki.apiUrl).host}/Category:Procedures`);
      expect(JSON.stringify(connection)).not.toContain(wiki.password);

      const first = await sync(connection.id);
      expect(first).toMatchObject({ status: 'succeeded', counts: { added: 2, failed: 0 } });
      const folderId = ((await call('GET', '/integrations')).json() as { connections: Connection[] }).connections.find(
        (item) => item.id === connection.id,
      )!.folderId!;
      expect(await fileNames(folderId)).toEqual(['Record keeping.html', 'Travel rule.html']);

      // Edited in the wiki: a new revision, so a new version in the library; a page gone from the category goes.
      await wiki.editPage('Travel rule', 'Send originator and beneficiary data.\n\n[[Category:Procedures]]');
      await wiki.deletePage('Record keeping');
      const second = await sync(connection.id);
      expect(second).toMatchObject({ status: 'succeeded', counts: { added: 0, updated: 1, deleted: 1, unchanged: 0 } });
      expect(await fileNames(folderId)).toEqual(['Travel rule.html']);
      const travel = second.items.find((item) => item.remotePath === 'Travel rule.html')!;
      const download = await call('GET', `/documents/files/${travel.fileId}/download`);
      expect(download.statusCode).toBe(200);
      expect(download.body).toContain('Send originator and beneficiary data.');

      // An answer published through the connection becomes a page of the category, found by the next sync.
      const asked = await call('POST', '/chat/conversations', {
        assistantId: await assistantId(app),
        content: 'What must a transfer carry under the travel rule?',
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const meta = parseEvents(asked.payload).find((event) => event.event === 'meta');
      const { conversationId, messageId } = meta?.data as { conversationId: string; messageId: string };
      const detail = (await call('GET', `/chat/conversations/${conversationId}`)).json() as ConversationDetail;
      const answer = detail.messages.find((message) => message.id === messageId)!;
      const shared = await call('POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
      expect(shared.statusCode, shared.body).toBe(201);
      const entry = shared.json() as JournalEntry;
      const title = entry.externalId!.replace(/\.md$/, '');
      expect(title).toMatch(/^Compliance Assistant\/\d{4}-\d{2}-\d{2} \d{4} What must a transfer carry/);
      const published = await wiki.pageText(title);
      expect(published).toContain('[[Category:Procedures]]');
      // The question is the page's heading, the answer its text.
      expect(published).toContain('== What must a transfer carry under the travel rule? ==');
      expect(answer.status).toBe('complete');
      const third = await sync(connection.id);
      expect(third.counts).toMatchObject({ added: 1, unchanged: 1 });
      expect(third.items.map((item) => item.remotePath)).toEqual([`${title}.html`]);

      // A wrong password: the check fails with the auth code, the sync fails and the library keeps its files.
      const patched = await call('PATCH', `/integrations/${connection.id}`, { secret: `${wiki.password}x` });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_AUTH_FAILED' } });
      await wiki.editPage('Travel rule', 'Changed again.\n\n[[Category:Procedures]]');
      const failed = await sync(connection.id);
      expect(failed).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_AUTH_FAILED', counts: { updated: 0 } });
      expect(await fileNames(folderId)).toEqual(['Travel rule.html']);
    });
  });
});
