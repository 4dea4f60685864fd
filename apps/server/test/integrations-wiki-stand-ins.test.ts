import type { FolderContents } from '@compliance/shared/documents';
import type { Connection, SyncRun } from '@compliance/shared/integrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfluenceConnector } from '../src/modules/integrations/connectors/confluence.ts';
import { createNotionConnector } from '../src/modules/integrations/connectors/notion.ts';
import { createOutbound, type Outbound } from '../src/modules/integrations/outbound.ts';
import { startConfluenceStandIn, type ConfluenceStandIn } from './helpers/confluence-stand-in.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { paragraph, richText, startNotionStandIn, type NotionStandIn } from './helpers/notion-stand-in.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let outbound: Outbound;
let app: TestApp;
let notion: NotionStandIn;

beforeAll(async () => {
  outbound = createOutbound({ allowPrivateNetworks: true });
  notion = await startNotionStandIn({ pageSize: 2 });
  // The stand-ins run on this machine: the private-network guard is lifted here (it is tested on its own).
  app = await createTestApp({
    env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' },
    integrations: { notionApiUrl: notion.url },
  });
  caller = await createTestUser(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await notion?.close();
  await outbound?.close();
});

let caller: TestUser;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return app.inject({ method, url: `/api${url}`, headers: caller.headers, ...(payload ? { payload } : {}) });
}

/** Each sync test connects as a user of its own: a plan allows a user a limited number of connections. */
async function asNewUser(): Promise<void> {
  caller = await createTestUser(app);
}

async function sync(id: string): Promise<SyncRun> {
  const queued = await call('POST', `/integrations/${id}/sync`);
  expect(queued.statusCode, queued.body).toBe(202);
  for (let round = 0; round < 20 && (await app.jobs.runDueJobs()) > 0; round += 1);
  return ((await call('GET', `/integrations/${id}/runs`)).json() as { runs: SyncRun[] }).runs[0]!;
}

async function fileNames(connectionId: string) {
  const { connections } = (await call('GET', '/integrations')).json() as { connections: Connection[] };
  const folderId = connections.find((item) => item.id === connectionId)!.folderId!;
  const contents = (await call('GET', `/documents?folderId=${folderId}`)).json() as FolderContents;
  return contents.files.map((file) => file.name).sort();
}

describe('Confluence connector against a local stand-in for the Confluence Cloud REST API v2', () => {
  let confluence: ConfluenceStandIn;
  let root: string;

  beforeAll(async () => {
    confluence = await startConfluenceStandIn({ pageSize: 2 });
    confluence.addSpace('COMPLY');
    confluence.addSpace('HR');
    root = confluence.addPage({ spaceKey: 'COMPLY', title: 'Policies', body: '<p>Our policies.</p>' }).id;
    confluence.addPage({
      spaceKey: 'COMPLY',
      title: 'AML policy',
      parentId: root,
      body: '<h2>Scope</h2><p>Clients from <strong>high-risk</strong> countries need enhanced due diligence.</p>',
    });
    confluence.addPage({ spaceKey: 'COMPLY', title: 'KYC: checklist', parentId: root, body: '<p>Passport.</p>' });
    confluence.addPage({ spaceKey: 'COMPLY', title: 'Minutes', body: '<p>Not a policy.</p>' });
    confluence.addPage({ spaceKey: 'HR', title: 'Holidays', body: '<p>Thirty days.</p>' });
  });

  afterAll(async () => {
    await confluence?.close();
  });

  function connector(options: { parentPageId?: string; token?: string; spaceKey?: string } = {}) {
    return createConfluenceConnector(
      {
        url: confluence.url,
        email: confluence.email,
        spaceKey: options.spaceKey ?? 'COMPLY',
        parentPageId: options.parentPageId ?? '',
      },
      options.token ?? confluence.token,
      outbound,
    );
  }

  it('stand-in: lists a space across pages of results (cursor in _links.next), or one page’s subtree', async () => {
    confluence.requests.length = 0;
    const files = await connector().list(100);
    expect(files.map((file) => file.path)).toEqual([
      'AML policy.html',
      'KYC%3A checklist.html',
      'Minutes.html',
      'Policies.html',
    ]);
    expect(files.every((file) => file.version === '1' && file.contentType === 'text/html')).toBe(true);
    // Four pages at two a page: two requests, the second with the cursor Confluence handed out.
    const listings = confluence.requests.filter((line) => line.includes('/pages?'));
    expect(listings).toHaveLength(2);
    expect(listings[1]).toContain('cursor=');

    const below = await connector({ parentPageId: root }).list(100);
    expect(below.map((file) => file.path)).toEqual(['AML policy.html', 'KYC%3A checklist.html']);
    await connector({ parentPageId: root }).check();
    expect(connector({ parentPageId: root }).describe()).toBe(`${new URL(confluence.url).host}/COMPLY/${root}`);
  });

  it('stand-in: reads a page’s storage format as an HTML document titled with the page title', async () => {
    const html = new TextDecoder().decode(await connector().read('KYC%3A checklist.html', 100_000));
    expect(html).toContain('<title>KYC: checklist</title>');
    expect(html).toContain('<p>Passport.</p>');
    await expect(connector().read('Gone.html', 100_000)).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
    });
    await expect(connector().read('AML policy.html', 50)).rejects.toMatchObject({ detail: 'larger than 50 bytes' });
  });

  it('stand-in: publishes an answer as a page under the parent, and a second time as a new version', async () => {
    const answer = '# Grey list\n\nThe FATF lists **several** countries [1].\n\n- Nigeria\n- South Africa\n';
    await connector({ parentPageId: root }).write(
      'Compliance Assistant/2026-11-25 1430 Grey list.md',
      answer,
      'text/markdown',
    );
    const page = confluence.page('2026-11-25 1430 Grey list')!;
    expect(page).toMatchObject({ parentId: root, version: 1 });
    expect(page.body).toBe(
      '<h1>Grey list</h1><p>The FATF lists <strong>several</strong> countries [1].</p><ul><li>Nigeria</li><li>South Africa</li></ul>',
    );
    await connector({ parentPageId: root }).write(
      'Compliance Assistant/2026-11-25 1430 Grey list.md',
      'Replaced & <b>escaped</b>',
      'text/markdown',
    );
    expect(confluence.page('2026-11-25 1430 Grey list')).toMatchObject({
      version: 2,
      body: '<p>Replaced &amp; &lt;b&gt;escaped&lt;/b&gt;</p>',
    });
    expect((await connector({ parentPageId: root }).list(100)).map((file) => file.path)).toContain(
      '2026-11-25 1430 Grey list.html',
    );
  });

  it('stand-in: a wrong API token is INTEGRATION_AUTH_FAILED, an unknown space INTEGRATION_REMOTE_NOT_FOUND', async () => {
    await expect(connector({ token: 'wrong' }).check()).rejects.toMatchObject({
      code: 'INTEGRATION_AUTH_FAILED',
      detail: expect.stringContaining('401'),
    });
    await expect(connector({ spaceKey: 'NOPE' }).check()).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
    });
    await expect(connector({ parentPageId: '99999' }).list(10)).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
    });
  });

  it('stand-in: waits out a 429 with a short Retry-After, and fails as rate limited when asked to wait long', async () => {
    confluence.rateLimitNext(1, 0);
    expect(await connector().list(100)).toHaveLength(5);
    confluence.rateLimitNext(1, 120);
    const error = await connector()
      .list(100)
      .catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'INTEGRATION_RATE_LIMITED', retryAfterMs: 120_000 });
    confluence.rateLimitNext(0, 0);
  });

  it('stand-in: syncs a subtree into the library, follows edits and deletions; a 401 changes nothing', async () => {
    await asNewUser();
    confluence.addSpace('OPS');
    const parent = confluence.addPage({ spaceKey: 'OPS', title: 'Procedures', body: '<p>Index.</p>' }).id;
    const travel = confluence.addPage({
      spaceKey: 'OPS',
      title: 'Travel rule',
      parentId: parent,
      body: '<p>Send the originator data.</p>',
    }).id;
    const records = confluence.addPage({
      spaceKey: 'OPS',
      title: 'Record keeping',
      parentId: parent,
      body: '<p>Ten years.</p>',
    }).id;
    confluence.addPage({ spaceKey: 'OPS', title: 'Archive', parentId: records, body: '<p>Old.</p>' });

    const created = await call('POST', '/integrations', {
      kind: 'confluence',
      name: 'Operations space',
      settings: { url: confluence.url, email: confluence.email, spaceKey: 'OPS', parentPageId: parent },
      secret: confluence.token,
    });
    expect(created.statusCode, created.body).toBe(201);
    const connection = created.json() as Connection;
    expect(connection).toMatchObject({ kind: 'confluence', capability: 'wiki', status: 'connected' });
    expect(JSON.stringify(connection)).not.toContain(confluence.token);

    expect(await sync(connection.id)).toMatchObject({ status: 'succeeded', counts: { added: 3, failed: 0 } });
    expect(await fileNames(connection.id)).toEqual(['Archive.html', 'Record keeping.html', 'Travel rule.html']);

    confluence.editPage(travel, '<p>Send originator and beneficiary data.</p>');
    confluence.deletePage(records);
    // The archive's parent is gone: it is no longer below the synced page.
    const second = await sync(connection.id);
    expect(second).toMatchObject({ status: 'succeeded', counts: { added: 0, updated: 1, deleted: 2 } });
    expect(await fileNames(connection.id)).toEqual(['Travel rule.html']);

    const patched = await call('PATCH', `/integrations/${connection.id}`, { secret: 'revoked-token' });
    expect(patched.json()).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_AUTH_FAILED' } });
    confluence.editPage(travel, '<p>Changed again.</p>');
    expect(await sync(connection.id)).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_AUTH_FAILED' });
    expect(await fileNames(connection.id)).toEqual(['Travel rule.html']);
  });

  it('rejects settings that are not Confluence’s: a bad space key or page id, and says which field', async () => {
    const response = await call('POST', '/integrations', {
      kind: 'confluence',
      name: 'Bad',
      settings: { url: confluence.url, email: 'not-an-address', spaceKey: 'A B', parentPageId: 'abc' },
      secret: confluence.token,
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    const { connections } = (await call('GET', '/integrations')).json() as { connections: Connection[] };
    expect(connections.some((item) => item.name === 'Bad')).toBe(false);
  });
});

describe('Notion connector through @notionhq/client against a local stand-in for the Notion API (2022-06-28)', () => {
  let database: string;
  let handbook: string;

  beforeAll(() => {
    database = notion.addDatabase('Policies');
    notion.addPage({
      parent: { database_id: database },
      title: 'AML policy',
      blocks: [
        { type: 'heading_1', heading_1: { rich_text: [richText('Scope')] } },
        {
          type: 'paragraph',
          paragraph: {
            rich_text: [
              richText('Clients from '),
              richText('high-risk', { bold: true }),
              richText(' countries, see '),
              richText('FATF', {}, 'https://www.fatf-gafi.org/'),
            ],
          },
        },
        {
          type: 'bulleted_list_item',
          bulleted_list_item: { rich_text: [richText('Passport')] },
          children: [paragraph('Certified copy')],
        },
        { type: 'numbered_list_item', numbered_list_item: { rich_text: [richText('First')] } },
        { type: 'numbered_list_item', numbered_list_item: { rich_text: [richText('Second')] } },
        { type: 'divider', divider: {} },
      ],
    });
    notion.addPage({ parent: { database_id: database }, title: 'KYC', blocks: [paragraph('Know the client.')] });
    notion.addPage({ parent: { database_id: database }, title: 'Sanctions', blocks: [paragraph('SECO lists.')] });
    handbook = notion.addPage({ parent: { database_id: database }, title: 'Handbook', blocks: [] }).id;
    notion.addPage({ parent: { page_id: handbook }, title: 'Travel', blocks: [paragraph('Book early.')] });
  });

  function connector(parentId = database, token = notion.token) {
    return createNotionConnector({ parentId }, token, outbound, { apiUrl: notion.url });
  }

  const hex = (id: string) => id.replaceAll('-', '');

  it('stand-in: lists a database’s pages across cursor pages, or a page’s child pages', async () => {
    notion.requests.length = 0;
    const files = await connector().list(100);
    expect(files.map((file) => file.path)).toEqual(
      ['AML policy', 'Handbook', 'KYC', 'Sanctions'].map((title) => {
        const page = notion.pages().find((item) => item.title === title)!;
        return `${title} ${hex(page.id)}.md`;
      }),
    );
    expect(files[0]).toMatchObject({ contentType: 'text/markdown', version: expect.stringMatching(/^2026-11-20T/) });
    expect(notion.requests.filter((line) => line.endsWith('/query'))).toHaveLength(2);

    // A link to the page works as well as its id.
    const children = await connector(`https://www.notion.so/acme/Handbook-${hex(handbook)}`).list(100);
    expect(children.map((file) => file.path)).toEqual([
      `Travel ${hex(notion.pages().find((page) => page.title === 'Travel')!.id)}.md`,
    ]);
  });

  it('stand-in: reads a page’s blocks as Markdown, nested blocks included', async () => {
    const [aml] = await connector().list(100);
    const markdown = new TextDecoder().decode(await connector().read(aml!.path, 100_000));
    expect(markdown).toBe(
      [
        '# AML policy',
        '',
        '## Scope',
        '',
        'Clients from **high-risk** countries, see [FATF](https://www.fatf-gafi.org/)',
        '',
        '- Passport',
        '',
        '    Certified copy',
        '',
        '1. First',
        '',
        '2. Second',
        '',
        '---',
        '',
      ].join('\n'),
    );
  });

  it('stand-in: publishes an answer as a database page (more than 100 blocks appended), replacing one of the same title', async () => {
    const items = Array.from({ length: 120 }, (_, index) => `Paragraph ${index + 1}.`).join('\n\n');
    const answer = `# Grey list\n\nThe FATF lists **several** countries [1].\n\n- Nigeria\n- South Africa\n\n${items}`;
    await connector().write('Compliance Assistant/2026-11-25 1430 Grey list.md', answer, 'text/markdown');
    const published = notion.pages().filter((page) => page.title === '2026-11-25 1430 Grey list');
    expect(published).toHaveLength(1);
    // A heading, a paragraph, two list items and 120 paragraphs: 100 with the page, 24 appended.
    expect(published[0]!.blocks).toHaveLength(124);
    expect(published[0]!.blocks[1]).toMatchObject({
      type: 'paragraph',
      paragraph: {
        rich_text: [
          { plain_text: 'The FATF lists ' },
          { plain_text: 'several', annotations: { bold: true } },
          { plain_text: ' countries [1].' },
        ],
      },
    });
    expect(published[0]!.blocks[2]).toMatchObject({ type: 'bulleted_list_item' });

    await connector().write('Compliance Assistant/2026-11-25 1430 Grey list.md', 'Replaced.', 'text/markdown');
    const again = notion.pages().filter((page) => page.title === '2026-11-25 1430 Grey list');
    expect(again.map((page) => page.archived)).toEqual([true, false]);
    const listed = (await connector().list(100)).filter((file) => file.path.startsWith('2026-11-25'));
    expect(listed).toHaveLength(1);
    expect(new TextDecoder().decode(await connector().read(listed[0]!.path, 10_000))).toContain('Replaced.');

    // Under a page: a child page.
    await connector(handbook).write('Compliance Assistant/Answer.md', 'Under the handbook.', 'text/markdown');
    expect((await connector(handbook).list(100)).map((file) => file.path.split(' ')[0])).toEqual(['Answer', 'Travel']);
  });

  it('stand-in: a wrong token is INTEGRATION_AUTH_FAILED, an unshared id INTEGRATION_REMOTE_NOT_FOUND, a long 429 rate limited', async () => {
    await expect(connector(database, 'ntn_wrong').check()).rejects.toMatchObject({ code: 'INTEGRATION_AUTH_FAILED' });
    await expect(connector('0123456789abcdef0123456789abcdef').check()).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
    });
    // A short wait is waited out; a long one fails as rate limited.
    notion.rateLimitNext(1, 0);
    expect((await connector().list(100)).length).toBeGreaterThan(0);
    notion.rateLimitNext(1, 30);
    await expect(connector().list(100)).rejects.toMatchObject({
      code: 'INTEGRATION_RATE_LIMITED',
      retryAfterMs: 30_000,
    });
    notion.rateLimitNext(0, 0);
  });

  it('stand-in: syncs a database into the library, follows edits and archived pages; a 401 changes nothing', async () => {
    await asNewUser();
    const procedures = notion.addDatabase('Procedures');
    const travel = notion.addPage({
      parent: { database_id: procedures },
      title: 'Travel rule',
      blocks: [paragraph('Originator data.')],
    });
    const records = notion.addPage({
      parent: { database_id: procedures },
      title: 'Records',
      blocks: [paragraph('Ten years.')],
    });
    const created = await call('POST', '/integrations', {
      kind: 'notion',
      name: 'Procedures database',
      settings: { parentId: procedures },
      secret: notion.token,
    });
    expect(created.statusCode, created.body).toBe(201);
    const connection = created.json() as Connection;
    expect(connection).toMatchObject({ kind: 'notion', capability: 'wiki', status: 'connected' });

    expect(await sync(connection.id)).toMatchObject({ status: 'succeeded', counts: { added: 2, failed: 0 } });
    expect(await fileNames(connection.id)).toEqual([
      `Records ${hex(records.id)}.md`,
      `Travel rule ${hex(travel.id)}.md`,
    ]);

    notion.editPage(travel.id, [paragraph('Originator and beneficiary data.')]);
    notion.archivePage(records.id);
    expect(await sync(connection.id)).toMatchObject({ status: 'succeeded', counts: { updated: 1, deleted: 1 } });
    expect(await fileNames(connection.id)).toEqual([`Travel rule ${hex(travel.id)}.md`]);

    const patched = await call('PATCH', `/integrations/${connection.id}`, { secret: 'ntn_revoked' });
    expect(patched.json()).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_AUTH_FAILED' } });
    expect(await sync(connection.id)).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_AUTH_FAILED' });
    expect(await fileNames(connection.id)).toEqual([`Travel rule ${hex(travel.id)}.md`]);
  });
});
