import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const whoAmI: FastifyPluginAsyncZod = async (app) => {
  app.get('/test/ip', { schema: { response: { 200: z.object({ ip: z.string() }) } } }, async (request) => ({
    ip: request.ip,
  }));
};

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers on a plain-HTTP install (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ extraRoutes: whoAmI, env: { PUBLIC_URL: 'http://compliance.lan:3000' } });
  });
  afterAll(() => app.close());

  it('sends a CSP that allows only this origin, inline styles and data/blob images', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://compliance.lan:3000']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // Upgrading to HTTPS would break a LAN install that has no certificate.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy is in front', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(response.json()).toEqual({ ip: '127.0.0.1' });
  });
});

describe('security headers behind an HTTPS reverse proxy', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      extraRoutes: whoAmI,
      env: { PUBLIC_URL: 'https://compliance.example.com', TRUST_PROXY: '10.0.0.0/8' },
    });
  });
  afterAll(() => app.close());

  it('upgrades requests, sends HSTS and allows same-origin secure WebSockets', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://compliance.example.com']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('takes the client address from X-Forwarded-For sent by a trusted proxy only', async () => {
    const viaProxy = await app.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(viaProxy.json()).toEqual({ ip: '203.0.113.7' });

    const spoofed = await app.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: '198.51.100.9',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(spoofed.json()).toEqual({ ip: '198.51.100.9' });
  });
});
