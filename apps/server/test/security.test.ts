import { Writable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createLoggerOptions, redactUrl } from '../src/plugins/logger.ts';
import { endpointRateLimit } from '../src/plugins/security.ts';
import { assistantId } from './chat/helpers.ts';

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

  it('sends pages a CSP that allows only this origin, inline styles and data/blob images', async () => {
    const response = await app.inject({ method: 'GET', url: '/documents' });
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

  it('sends API answers the short API set, whose CSP allows nothing, and the API reference the page set', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(directives(response.headers['content-security-policy'])).toEqual(
      new Map([
        ['default-src', ["'none'"]],
        ['frame-ancestors', ["'none'"]],
      ]),
    );
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // Page-only headers stay off data.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();

    // The document library's paths start like the API reference's (/api/docs) but are data.
    const library = await app.inject({ method: 'GET', url: '/api/documents/files' });
    expect(library.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");

    const notFound = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");

    const reference = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(directives(reference.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
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
    const response = await app.inject({ method: 'GET', url: '/documents' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://compliance.example.com']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    // API answers carry HSTS too.
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['strict-transport-security']).toContain('max-age=31536000');
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

describe('credentials never reach the log', () => {
  let app: TestApp;
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  beforeAll(async () => {
    app = await createTestApp({
      logger: { ...createLoggerOptions({ logLevel: 'debug' }, { pretty: false }), stream: logStream },
    });
  });
  afterAll(() => app.close());

  it('keeps tokens, codes, passwords, cookies and Authorization headers out of every line of a sign-in and a reset link', async () => {
    const { user, token: sessionToken } = await createTestUser(app);
    const password = 'Correct-Horse-7-Battery';
    const resetToken = 'rst_6f1d2c9a8b7e4f3a2d1c0b9a8f7e6d5c';
    const code = '731946';

    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
    await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${sessionToken}`, cookie: `session=${sessionToken}` },
    });
    // The page a reset e-mail links to, then the API call it makes.
    await app.inject({
      method: 'GET',
      url: `/forgotten-password/confirm?email=${encodeURIComponent(user.email)}&token=${resetToken}`,
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { email: user.email, token: resetToken, password, passwordConfirmation: password },
    });
    await app.inject({
      method: 'POST',
      url: `/api/auth/password/reset?code=${code}`,
      payload: { email: user.email, code, password, passwordConfirmation: password },
    });
    // An old client that still puts the session token in the socket URL.
    await app.inject({ method: 'GET', url: `/api/realtime?token=${sessionToken}` });
    app.log.info({ context: { link: `https://app.example/confirm?token=${resetToken}` } }, 'context');

    const log = lines.join('\n');
    expect(lines.filter((line) => line.includes('"url"')).length).toBeGreaterThanOrEqual(6);
    for (const secret of [sessionToken, resetToken, code, password]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('/forgotten-password/confirm?email=');
    expect(log).toContain('token=[redacted]');
    expect(log).toContain('code=[redacted]');
  });

  it('redacts only the secret query values of a URL', () => {
    expect(redactUrl('/api/realtime?token=abc&lang=de')).toBe('/api/realtime?token=[redacted]&lang=de');
    expect(redactUrl('/x?Code=1&ticket=2#top')).toBe('/x?Code=[redacted]&ticket=[redacted]#top');
    expect(redactUrl('/api/chat/conversations?limit=20&barcode=9')).toBe('/api/chat/conversations?limit=20&barcode=9');
  });
});

describe('per-endpoint rate limits', () => {
  const limitedRoutes: FastifyPluginAsyncZod = async (api) => {
    api.post('/test/signup', { preHandler: endpointRateLimit(api, 'signup', 'ip') }, async () => ({ ok: true }));
    api.post('/test/signup-again', { preHandler: endpointRateLimit(api, 'signup', 'ip') }, async () => ({ ok: true }));
  };

  it('counts the routes of one endpoint group together, from the variable that names it, with a 429 and Retry-After', async () => {
    const app = await createTestApp({ extraRoutes: limitedRoutes, env: { RATE_LIMIT_SIGNUP: '2/1h' } });
    try {
      const from = (ip: string, url = '/api/test/signup') => app.inject({ method: 'POST', url, remoteAddress: ip });
      expect((await from('198.51.100.1')).statusCode).toBe(200);
      expect((await from('198.51.100.1', '/api/test/signup-again')).statusCode).toBe(200);
      const refused = await from('198.51.100.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await from('198.51.100.2')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('guards the real endpoints: questions per account, reset codes per address, with a translated 429', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_CHAT: '1/1h', RATE_LIMIT_CODE_SEND_ADDRESS: '1/1d' } });
    try {
      const expert = await assistantId(app);
      const ask = () =>
        app.inject({
          method: 'POST',
          url: '/api/chat/trial',
          payload: { assistantId: expert, content: 'What is the grey list?' },
        });
      expect((await ask()).statusCode).not.toBe(429);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      const forgot = (email: string, ip: string) =>
        app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email }, remoteAddress: ip });
      expect((await forgot('Someone@Example.test', '198.51.100.7')).statusCode).toBe(202);
      // The same address from another IP is still refused: the budget follows the address.
      expect((await forgot('someone@example.test', '198.51.100.8')).statusCode).toBe(429);
      expect((await forgot('other@example.test', '198.51.100.8')).statusCode).toBe(202);
    } finally {
      await app.close();
    }
  });

  it('counts code checks per address whatever the IP, so guesses stay bounded across codes and addresses', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_CODE_CHECK_ADDRESS: '3/1d' } });
    try {
      const reset = (email: string, ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/password/reset',
          payload: { email, code: '000000', password: 'A-new-password-42', passwordConfirmation: 'A-new-password-42' },
          remoteAddress: ip,
        });
      for (const ip of ['198.51.100.20', '198.51.100.21', '198.51.100.22']) {
        expect((await reset('target@example.test', ip)).statusCode).toBe(400);
      }
      const refused = await reset('Target@Example.test', '198.51.100.23');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect((await reset('someone-else@example.test', '198.51.100.23')).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('bounds guesses of the current password through the account screen like sign-ins, per account', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_SIGNIN: '2/15m' } });
    try {
      const { headers } = await createTestUser(app);
      const change = () =>
        app.inject({
          method: 'POST',
          url: '/api/account/password',
          headers,
          payload: {
            currentPassword: 'a-guess',
            password: 'A-new-password-42',
            passwordConfirmation: 'A-new-password-42',
          },
        });
      expect((await change()).statusCode).toBe(400);
      expect((await change()).statusCode).toBe(400);
      const refused = await change();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await app.close();
    }
  });

  it('lets everything through with RATE_LIMITS=off', async () => {
    const app = await createTestApp({
      extraRoutes: limitedRoutes,
      env: { RATE_LIMITS: 'off', RATE_LIMIT_SIGNUP: '1/1h', RATE_LIMIT_MAX: '1' },
    });
    try {
      for (let i = 0; i < 5; i += 1) {
        expect((await app.inject({ method: 'POST', url: '/api/test/signup' })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ extraRoutes: whoAmI, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => app.close());

  it('takes the address the one proxy in front saw, not what the client wrote before it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '192.0.2.66, 203.0.113.7' },
    });
    expect(response.json()).toEqual({ ip: '203.0.113.7' });
  });
});
