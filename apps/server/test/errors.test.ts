import { Writable } from 'node:stream';
import { errorBodySchema } from '@compliance/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/plugins/errors.ts';
import { createTestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Routes that fail in each way the error handler has to answer for.
const failingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test/folders/:folderId',
    {
      schema: {
        params: z.object({ folderId: z.uuid() }),
        body: z.object({ name: z.string().min(1, 'FOLDER_NAME_REQUIRED'), address: z.object({ city: z.string() }) }),
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/test/app-error', async () => {
    throw new AppError('CONFLICT', 409, 'Folder already exists', { fields: { name: 'FOLDER_NAME_TAKEN' } });
  });
  app.get('/test/crash', async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.5:5432 (password=hunter2)');
  });
  app.get('/test/bad-response', { schema: { response: { 200: z.object({ count: z.number() }) } } }, async () => {
    return { count: 'not a number' } as unknown as { count: number };
  });
};

describe('error responses', () => {
  let app: TestApp;
  const logLines: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });

  beforeAll(async () => {
    app = await createTestApp({
      extraRoutes: failingRoutes,
      logger: { level: 'error', stream: logStream },
      rateLimit: { max: 20, timeWindowMs: 60_000 },
    });
  });
  afterAll(() => app.close());

  it('answers a zod validation failure with 400 VALIDATION_FAILED and a message per field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/folders/00000000-0000-4000-8000-000000000000',
      payload: { name: '', address: {} },
    });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toMatchObject({ name: 'FOLDER_NAME_REQUIRED', 'address.city': expect.any(String) });
  });

  it('answers a malformed id in the path like an unknown one: 404 NOT_FOUND', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/folders/not-a-uuid', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/folders/00000000-0000-4000-8000-000000000000',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });

  it('answers an AppError with its status, code, message and fields', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'Folder already exists', fields: { name: 'FOLDER_NAME_TAKEN' } },
    });
  });

  it('answers an unknown /api route with a JSON 404 ROUTE_NOT_FOUND, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no/such/route?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({
        error: { code: 'ROUTE_NOT_FOUND', message: `No route for ${method} /api/no/such/route` },
      });
    }
  });

  it('hides the details of a crash from the client and logs them with the request', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' } });
    expect(response.body).not.toContain('ECONNREFUSED');

    const logged = logLines.find((line) => line.url === '/api/test/crash');
    expect(logged).toMatchObject({
      level: 50,
      method: 'GET',
      statusCode: 500,
      reqId: response.headers['x-request-id'],
      err: { message: expect.stringContaining('ECONNREFUSED') },
    });
  });

  it('treats a response that does not match its schema as a server error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL_ERROR');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/folders/00000000-0000-4000-8000-000000000000',
      payload: { name: 'x'.repeat(1_100_000), address: { city: 'Bern' } },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers too many requests from one client with 429 RATE_LIMITED and Retry-After', async () => {
    const fromOneClient = () => app.inject({ method: 'GET', url: '/api/assistants', remoteAddress: '192.0.2.10' });
    for (let i = 0; i < 20; i += 1) expect((await fromOneClient()).statusCode).toBe(200);

    const response = await fromOneClient();
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json().error.code).toBe('RATE_LIMITED');

    const otherClient = await app.inject({ method: 'GET', url: '/api/assistants', remoteAddress: '192.0.2.11' });
    expect(otherClient.statusCode).toBe(200);
    // Liveness and readiness probes are never limited: behind a load balancer they share one address.
    for (const url of ['/api/health', '/api/ready']) {
      expect((await app.inject({ method: 'GET', url, remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
    }
  });

  it('counts signed-in callers per account, not per shared address', async () => {
    const alice = await createTestUser(app);
    const bob = await createTestUser(app);
    const from = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/auth/session', remoteAddress: '192.0.2.20', headers });
    for (let i = 0; i < 20; i += 1) expect((await from(alice.headers)).statusCode).toBe(200);
    expect((await from(alice.headers)).statusCode).toBe(429);
    // Same address, another account: its own budget.
    expect((await from(bob.headers)).statusCode).toBe(200);
  });
});

describe('RATE_LIMITS=off', () => {
  it('switches every per-client limit off (benchmarks and load tests), whatever RATE_LIMIT_MAX says', async () => {
    const unlimited = await createTestApp({ env: { RATE_LIMITS: 'off', RATE_LIMIT_MAX: '2' } });
    try {
      for (let i = 0; i < 10; i += 1) {
        const response = await unlimited.inject({ method: 'GET', url: '/api/assistants', remoteAddress: '192.0.2.30' });
        expect(response.statusCode).toBe(200);
      }
    } finally {
      await unlimited.close();
    }
  });

  it('RATE_LIMIT_MAX sets the per-client budget', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      const call = () => limited.inject({ method: 'GET', url: '/api/assistants', remoteAddress: '192.0.2.31' });
      for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
