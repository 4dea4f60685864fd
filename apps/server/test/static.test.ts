import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createWebDistFixture, fixtureIndexHtml } from './helpers/web-dist-fixture.ts';
import { compressionThresholdBytes } from '../src/plugins/static.ts';

describe('serving the built web app', () => {
  let app: TestApp;
  const webDist = createWebDistFixture();
  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST_DIR: webDist.dir } });
  });
  afterAll(async () => {
    await app.close();
    webDist.remove();
  });

  it('serves index.html at / and makes the browser revalidate it', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toBe(fixtureIndexHtml);
  });

  it('answers deep links with index.html and 200 (history fallback)', async () => {
    for (const url of ['/documents/8d1c5e2a', '/fatf/countries/ch?tab=history', '/admin/knowledge-base/file/42']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(fixtureIndexHtml);
    }
    const head = await app.inject({ method: 'HEAD', url: '/chat' });
    expect(head.statusCode).toBe(200);
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never caches version.json, which tells open tabs about a new build', async () => {
    const response = await app.inject({ method: 'GET', url: '/version.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ buildId: 'test' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-old.js' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps unknown /api routes and non-GET requests JSON 404s', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('ROUTE_NOT_FOUND');

    const post = await app.inject({ method: 'POST', url: '/documents' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('without a web build', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST_DIR: path.join(os.tmpdir(), 'ca-no-such-dist') } });
  });
  afterAll(() => app.close());

  it('answers pages with a 503 that says to run npm run build, and the API still works', async () => {
    for (const url of ['/', '/chat']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('npm run build');
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('compression', () => {
  let app: TestApp;
  const webDist = createWebDistFixture();
  // As the build writes them: a hashed bundle with its Brotli and gzip twins, and index.html's.
  const bundle = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  const bundlePath = path.join(webDist.dir, 'assets', 'index-9b2e7d.js');
  fs.writeFileSync(bundlePath, bundle);
  fs.writeFileSync(`${bundlePath}.br`, brotliCompressSync(bundle));
  fs.writeFileSync(`${bundlePath}.gz`, gzipSync(bundle));
  fs.writeFileSync(path.join(webDist.dir, 'index.html.br'), brotliCompressSync(fixtureIndexHtml));
  const bigList = Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Conversation ${i}` }));
  // About 20 KB (a page of search results, compressed in one call) and about 150 KB (through a stream).
  const listOf = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ id: i, text: `Passage ${i} on the duty to report ${i * 7919}` }));
  const lists = { 'page-list': listOf(400), 'long-list': listOf(3_000) };
  const events = 'event: delta\ndata: {"text":"' + 'x'.repeat(4096) + '"}\n\n';

  const routes: FastifyPluginAsyncZod = async (api) => {
    api.get('/test/big-list', async () => bigList);
    api.get('/test/small', async () => ({ ok: true }));
    api.get('/test/page-list', async () => lists['page-list']);
    api.get('/test/long-list', async () => lists['long-list']);
    api.get('/test/events', async (_request, reply) => reply.type('text/event-stream; charset=utf-8').send(events));
  };

  beforeAll(async () => {
    app = await createTestApp({ extraRoutes: routes, env: { WEB_DIST_DIR: webDist.dir } });
  });
  afterAll(async () => {
    await app.close();
    webDist.remove();
  });

  it('sends the pre-compressed Brotli file of an asset, cached for a year, varying on Accept-Encoding', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-9b2e7d.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['vary']).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(bundle);
  });

  it('sends the gzip file to a client without Brotli, and the original to one that accepts neither', async () => {
    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/index-9b2e7d.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundle);

    const plain = await app.inject({ method: 'GET', url: '/assets/index-9b2e7d.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('sends index.html compressed and never cached, at / and for deep links', async () => {
    for (const url of ['/', '/chat/5b0d3e']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(fixtureIndexHtml);
    }
  });

  it('compresses JSON answers above the threshold and leaves small ones as they are', async () => {
    const big = await app.inject({
      method: 'GET',
      url: '/api/test/big-list',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(JSON.stringify(bigList).length).toBeGreaterThan(compressionThresholdBytes);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['vary']).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toEqual(bigList);

    const small = await app.inject({ method: 'GET', url: '/api/test/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('compresses a page of results in one call, with its length, and a longer answer through a stream', async () => {
    for (const [name, list] of Object.entries(lists)) {
      for (const [encoding, decompress] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/test/${name}`,
          headers: { 'accept-encoding': encoding },
        });
        expect(response.headers['content-encoding'], name).toBe(encoding);
        expect(JSON.parse(decompress(response.rawPayload).toString()), name).toEqual(list);
      }
    }
    const page = await app.inject({ method: 'GET', url: '/api/test/page-list', headers: { 'accept-encoding': 'br' } });
    expect(JSON.stringify(lists['page-list']).length).toBeLessThan(65_536);
    expect(Number(page.headers['content-length'])).toBe(page.rawPayload.length);
    const long = await app.inject({ method: 'GET', url: '/api/test/long-list', headers: { 'accept-encoding': 'br' } });
    expect(JSON.stringify(lists['long-list']).length).toBeGreaterThan(65_536);
    expect(long.headers['content-length']).toBeUndefined();
  });

  it('never compresses an event stream, which must reach the browser event by event', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/events',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(events);
  });
});
