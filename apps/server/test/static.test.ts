import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createWebDistFixture, fixtureIndexHtml } from './helpers/web-dist-fixture.ts';

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
