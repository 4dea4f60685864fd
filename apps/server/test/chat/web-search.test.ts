import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearxngSearch } from '../../src/modules/web-search/web-search.ts';
import { createTestUser } from '../helpers/factories.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { answerText, assistantId, createChatTestApp, parseEvents } from './helpers.ts';

/** A stand-in for a SearXNG instance: the real JSON API shape (`/search?q=…&format=json`). */
async function startSearxngDouble() {
  const requests: URL[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url);
    if (url.pathname === '/redirect') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      return;
    }
    if (url.searchParams.get('q') === 'fail') {
      response.writeHead(500).end('boom');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        query: url.searchParams.get('q'),
        results: [
          {
            title: 'FATF: jurisdictions under increased monitoring',
            url: 'https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html',
            content: 'The FATF publishes its list of jurisdictions under increased monitoring after each plenary.',
          },
          { title: 'Not a web page', url: 'javascript:alert(1)', content: 'dropped' },
          { title: 'SEC Form ADV', url: 'https://www.sec.gov/about/forms/formadv.pdf', content: 'Form ADV.' },
        ],
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, requests, close: () => server.close() };
}

describe('web search (SearXNG replaced by a local test double)', () => {
  let searxng: Awaited<ReturnType<typeof startSearxngDouble>>;
  let app: TestApp;

  beforeAll(async () => {
    searxng = await startSearxngDouble();
    app = await createChatTestApp({ env: { WEB_SEARCH_URL: `${searxng.base}/search` } });
  });
  afterAll(async () => {
    await app.close();
    searxng.close();
  });

  it('asks the JSON API and keeps only http(s) results, up to the limit', async () => {
    const search = createSearxngSearch(`${searxng.base}/search`);
    const results = await search.search('grey list', { language: 'de', limit: 5 });
    expect(results.map((result) => result.url)).toEqual([
      'https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html',
      'https://www.sec.gov/about/forms/formadv.pdf',
    ]);
    const asked = searxng.requests.at(-1);
    expect(asked?.searchParams.get('q')).toBe('grey list');
    expect(asked?.searchParams.get('format')).toBe('json');
    expect(asked?.searchParams.get('language')).toBe('de');
  });

  it('refuses redirects (no SSRF through a redirecting search service) and reports failures', async () => {
    await expect(createSearxngSearch(`${searxng.base}/redirect`).search('x', {})).rejects.toThrow();
    await expect(createSearxngSearch(`${searxng.base}/search`).search('fail', {})).rejects.toThrow(/500/);
  });

  it('turns the toggle on and cites web results by title and URL in the answer', async () => {
    const capabilities = (await app.inject({ url: '/api/assistants' })).json() as {
      capabilities: { webSearch: { available: boolean } };
    };
    expect(capabilities.capabilities.webSearch.available).toBe(true);

    const user = await createTestUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: user.headers,
      payload: {
        assistantId: await assistantId(app),
        content: 'Which jurisdictions are under increased monitoring by the FATF?',
        knowledgeBase: false,
        webSearch: true,
      },
    });
    expect(response.statusCode).toBe(200);
    const events = parseEvents(response.body);
    const citations = events.flatMap((event) => (event.event === 'citation' ? [event.data] : []));
    expect(citations).toContainEqual(
      expect.objectContaining({
        title: 'FATF: jurisdictions under increased monitoring',
        href: 'https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html',
      }),
    );
    expect(answerText(events)).toMatch(/\[\d+\]/);
  });
});
