import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDokuwikiConnector } from '../src/modules/integrations/connectors/dokuwiki.ts';
import { createOutbound, type Outbound } from '../src/modules/integrations/outbound.ts';
import { parseHtml } from '../src/modules/ingestion/parsers/html.ts';
import { dokuwikiAvailable, startDokuwiki, type DokuwikiServer } from './helpers/dokuwiki.ts';

// On a developer's machine without DokuWiki these tests skip; in CI (which installs dokuwiki and php-cli) they
// must run, and startDokuwiki fails with the install command.
const skip = !dokuwikiAvailable() && !process.env.CI;

let wiki: DokuwikiServer;
let outbound: Outbound;

function connector(namespace = 'policies', password = wiki.password) {
  return createDokuwikiConnector({ url: wiki.url, username: wiki.username, namespace }, password, outbound);
}

async function readText(path: string, namespace = 'policies') {
  return new TextDecoder().decode(await connector(namespace).read(path, 1_000_000));
}

describe.skipIf(skip)('DokuWiki connector against a real DokuWiki', () => {
  beforeAll(async () => {
    wiki = await startDokuwiki();
    outbound = createOutbound({ allowPrivateNetworks: true });
    await wiki.putPage('policies:start', '====== Policies ======\nThe index of our policies.');
    await wiki.putPage(
      'policies:aml:kyc',
      '====== Know your customer ======\nCheck the **identity** & address of every customer.\n\n===== Documents =====\nA passport.',
    );
    await wiki.putPage('policies:aml:sanctions', '====== Sanctions screening ======\nScreen against the lists.');
    await wiki.putPage('hr:holidays', '====== Holidays ======\nThirty days a year.');
  });

  afterAll(async () => {
    await outbound?.close();
    await wiki?.stop();
  });

  it('checks and lists the pages of the chosen namespace only, sub-namespaces included', async () => {
    await connector().check();
    expect(connector().describe()).toBe(`${new URL(wiki.url).host}/policies`);

    const files = await connector().list(100);
    expect(files.map((file) => file.path)).toEqual(['aml/kyc.html', 'aml/sanctions.html', 'start.html']);
    for (const file of files) {
      expect(file.contentType).toBe('text/html');
      expect(file.version).toMatch(/^\d+-[0-9a-f]{32}$/);
      expect(file.size).toBeGreaterThan(0);
    }
    expect((await connector('policies:aml').list(100)).map((file) => file.path)).toEqual([
      'kyc.html',
      'sanctions.html',
    ]);
    // At most limit + 1, so that "too many" can be told.
    expect(await connector().list(1)).toHaveLength(2);

    const whole = connector('');
    expect(whole.describe()).toBe(`${new URL(wiki.url).host}/`);
    await whole.check();
    expect((await whole.list(100)).map((file) => file.path)).toEqual(
      expect.arrayContaining(['hr/holidays.html', 'policies/aml/kyc.html', 'policies/start.html']),
    );
  });

  it('reads a page as an HTML document whose title is its first heading', async () => {
    const html = await readText('aml/kyc.html');
    expect(html).toMatch(/^<!doctype html>\n<html><head><meta charset="utf-8"><title>Know your customer<\/title>/);
    expect(html).toContain('<strong>identity</strong> &amp; address');
    expect(html).toContain('</body></html>');
    expect(html).not.toContain('EDIT{');

    const parsed = parseHtml(html, { maxTextChars: 100_000 });
    expect(parsed.title).toBe('Know your customer');
    expect(parsed.blocks).toEqual(
      expect.arrayContaining([
        { text: 'Know your customer', heading: true },
        { text: 'Documents', heading: true },
        { text: 'A passport.' },
      ]),
    );
  });

  it('refuses a page larger than the limit and a page that does not exist', async () => {
    await expect(connector().read('aml/kyc.html', 200)).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_ERROR',
      detail: 'larger than 200 bytes',
    });
    await expect(connector().read('aml/missing.html', 1_000_000)).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
    });
  });

  it('gives an edited page a new version (also within the same second)', async () => {
    const before = await connector().list(100);
    await wiki.putPage(
      'policies:aml:kyc',
      '====== Know your customer ======\nCheck identity, address and source of funds.',
    );
    await wiki.putPage('policies:aml:kyc', '====== Know your customer ======\nCheck identity and source of funds.');
    const after = await connector().list(100);
    const version = (files: typeof before, path: string) => files.find((file) => file.path === path)?.version;
    expect(version(after, 'aml/kyc.html')).not.toBe(version(before, 'aml/kyc.html'));
    expect(version(after, 'aml/sanctions.html')).toBe(version(before, 'aml/sanctions.html'));
    expect(await readText('aml/kyc.html')).toContain('Check identity and source of funds.');
  });

  it('saves a Markdown answer as a page in the namespace and reads it back', async () => {
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
      '   > Jurisdictions under increased monitoring.',
      '2. AML policy, p. 3',
      '',
      '_Shared by Wiki Tester on 25 November 2026_',
      '',
    ].join('\n');
    const wikiConnector = connector();
    await wikiConnector.write(
      'Compliance Assistant/2026-11-25 1430 Grey list.md',
      answer,
      'text/markdown; charset=utf-8',
    );

    const files = await wikiConnector.list(100);
    const saved = files.find((file) => file.path.startsWith('compliance_assistant/'));
    expect(saved?.path).toBe('compliance_assistant/2026-11-25_1430_grey_list.html');

    const html = await readText(saved!.path);
    expect(html).toContain('<title>Which countries are on the grey list</title>');
    expect(html).toMatch(/<h1[^>]*>Which countries are on the grey list<\/h1>/);
    expect(html).toContain('<strong>several</strong>');
    expect(html).toContain('<em>increased monitoring</em>');
    expect(html).toMatch(/<ul>\s*<li class="level1"><div class="li"> Nigeria<\/div>/);
    expect(html).toMatch(
      /<ol>\s*<li class="level1"><div class="li"> <a href="https:\/\/www\.fatf-gafi\.org\/en\/countries\/black-and-grey-lists\.html"[^>]*>FATF grey list<\/a>\s*<br\/>\s*&gt; Jurisdictions under increased monitoring\.<\/div>/,
    );
    expect(html).toMatch(/<li class="level1"><div class="li"> AML policy, p\. 3<\/div>/);
    expect(html).toContain('<em>Shared by Wiki Tester on 25 November 2026</em>');
    expect(html).toContain('<hr />');

    // Saving under the same name replaces the page.
    await wikiConnector.write(
      'Compliance Assistant/2026-11-25 1430 Grey list.md',
      '# Replaced\n\nNew text.',
      'text/markdown',
    );
    const replaced = (await wikiConnector.list(100)).find((file) => file.path === saved!.path);
    expect(replaced?.version).not.toBe(saved?.version);
    expect(await readText(saved!.path)).toContain('<title>Replaced</title>');
  });

  it('answers INTEGRATION_AUTH_FAILED to a wrong password', async () => {
    const wrong = connector('policies', `${wiki.password}x`);
    await expect(wrong.check()).rejects.toMatchObject({ code: 'INTEGRATION_AUTH_FAILED' });
    await expect(wrong.list(10)).rejects.toMatchObject({ code: 'INTEGRATION_AUTH_FAILED' });
    await expect(wrong.write('a.md', 'text', 'text/markdown')).rejects.toMatchObject({
      code: 'INTEGRATION_AUTH_FAILED',
    });
  });

  it('answers INTEGRATION_REMOTE_NOT_FOUND to a namespace without pages', async () => {
    await expect(connector('nothing:here').check()).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
      detail: expect.stringContaining('nothing:here'),
    });
    expect(await connector('nothing:here').list(10)).toEqual([]);
  });

  it('goes through the network guard: a wiki on this machine is refused unless private networks are allowed', async () => {
    const guarded = createOutbound({ allowPrivateNetworks: false });
    try {
      expect(() =>
        createDokuwikiConnector({ url: wiki.url, username: wiki.username, namespace: '' }, wiki.password, guarded),
      ).toThrow(expect.objectContaining({ code: 'INTEGRATION_ADDRESS_BLOCKED' }));
    } finally {
      await guarded.close();
    }
  });
});
