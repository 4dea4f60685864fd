import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { openPostgresDatabase } from '../src/db/client.ts';
import { createSessionService } from '../src/modules/auth/session.service.ts';
import {
  createSessionsRepository,
  type LiveSession,
  type SessionsRepository,
} from '../src/modules/auth/sessions.repository.ts';
import { sessions } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { createTestUser } from './helpers/factories.ts';
import { codeFrom } from './helpers/smtp-server.ts';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app.ts';

// A signed-in request may take its session and user from memory (ADR 027). Every test first makes a
// request with the session, so that it is in memory, then changes it through the API and expects the
// very next request to see the change.

const PASSWORD = 'correct horse 42';
let counter = 0;

/** The caller as every service sees it (`request.actor`), or the status when there is none. */
const callerRoute = async (api: App) => {
  api.get('/test/caller', async (request, reply) => {
    if (request.actor.kind !== 'user') return reply.code(401).send({ kind: request.actor.kind });
    return { user: request.actor.user, sessionId: request.actor.sessionId };
  });
};

async function caller(app: App, headers: Record<string, string>) {
  const response = await app.inject({ url: '/api/test/caller', headers });
  return { status: response.statusCode, body: response.json() as { user: Record<string, unknown>; sessionId: string } };
}

/** Statements sent to the database while `run` runs (whichever driver). */
async function countStatements(app: App, run: () => Promise<unknown>): Promise<number> {
  const client = (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  let count = 0;
  client.query = (...args: unknown[]) => {
    count += 1;
    return query.apply(client, args);
  };
  try {
    await run();
  } finally {
    client.query = query;
  }
  return count;
}

describe('signed-in requests with the session in memory', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ extraRoutes: callerRoute });
  });
  afterAll(() => app.close());

  async function signUp() {
    counter += 1;
    const email = `memory-${counter}-${Date.now()}@example.test`;
    const payload = {
      firstName: 'Anna',
      lastName: 'Muster',
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      companyName: 'Muster AG',
    };
    const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(response.statusCode).toBe(201);
    const headers = { authorization: `Bearer ${response.json().token as string}` };
    await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers,
      payload: { code: await latestCode(email) },
    });
    return { email, headers };
  }

  async function latestCode(email: string, template?: string): Promise<string> {
    await app.jobs.runDueJobs();
    const mail = await app.mail.latestTo(email, template);
    if (!mail) throw new Error(`No mail to ${email}`);
    return codeFrom(mail.textBody);
  }

  async function signIn(email: string, password = PASSWORD) {
    counter += 1;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: `10.77.0.${counter % 250}`,
    });
    expect(response.statusCode).toBe(200);
    return { authorization: `Bearer ${response.json().token as string}` };
  }

  it('answers a repeated request without reading the session again', async () => {
    const { headers } = await createTestUser(app);
    expect((await caller(app, headers)).status).toBe(200);
    expect(await countStatements(app, () => caller(app, headers))).toBe(0);
  });

  it('renews a session once a minute with the prepared renewal, and keeps it in memory', async () => {
    const { user, headers } = await createTestUser(app);
    const [row] = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const lastUsedAt = new Date(Date.now() - 5 * 60_000);
    const expiresAt = new Date(Date.now() + 60 * 60_000);
    await createSessionsRepository(app.db).touch(row!.id, lastUsedAt, expiresAt);
    const [touched] = await app.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(touched).toMatchObject({ lastUsedAt, expiresAt });
    // The next request renews it (its last use is over a minute old), then answers from memory.
    expect((await caller(app, headers)).status).toBe(200);
    const [renewed] = await app.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(renewed!.lastUsedAt.getTime()).toBeGreaterThan(lastUsedAt.getTime());
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime());
    if (!app.database.writeGeneration) {
      // PostgreSQL: the renewal does not empty the memory (PGlite's does: it writes `sessions`).
      expect(await countStatements(app, () => caller(app, headers))).toBe(0);
    }
  });

  it('signing out: the token fails on the next request', async () => {
    const { headers } = await createTestUser(app);
    expect((await caller(app, headers)).status).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await caller(app, headers)).status).toBe(401);
  });

  it('signing out one session, or every other one, from the account page', async () => {
    const { email, headers } = await signUp();
    const second = await signIn(email);
    const third = await signIn(email);
    for (const each of [headers, second, third]) expect((await caller(app, each)).status).toBe(200);

    const secondId = (await caller(app, second)).body.sessionId;
    const one = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${secondId}`, headers });
    expect(one.statusCode).toBe(200);
    expect((await caller(app, second)).status).toBe(401);
    expect((await caller(app, third)).status).toBe(200);

    const others = await app.inject({ method: 'POST', url: '/api/account/sessions/revoke-others', headers });
    expect(others.json()).toEqual({ revoked: 1 });
    expect((await caller(app, third)).status).toBe(401);
    expect((await caller(app, headers)).status).toBe(200);
  });

  it('changing the password signs out the other sessions at once', async () => {
    const { email, headers } = await signUp();
    const other = await signIn(email);
    expect((await caller(app, other)).status).toBe(200);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers,
      payload: { currentPassword: PASSWORD, password: 'next secret 123', passwordConfirmation: 'next secret 123' },
    });
    expect(changed.json()).toEqual({ revoked: 1 });
    expect((await caller(app, other)).status).toBe(401);
  });

  it('resetting the password signs out every session at once', async () => {
    const { email, headers } = await signUp();
    expect((await caller(app, headers)).status).toBe(200);
    await app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
    const code = await latestCode(email, 'reset_password');
    const password = 'a brand new secret 7';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { email, code, password, passwordConfirmation: password },
    });
    expect(reset.statusCode).toBe(200);
    expect((await caller(app, headers)).status).toBe(401);
  });

  it('verifying, changing the e-mail address and the profile show on the next request', async () => {
    counter += 1;
    const email = `memory-unverified-${counter}-${Date.now()}@example.test`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Anna',
        lastName: 'Muster',
        email,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        companyName: 'Muster AG',
      },
    });
    const headers = { authorization: `Bearer ${signup.json().token as string}` };
    expect((await caller(app, headers)).body.user).toMatchObject({ emailVerified: false });
    await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers,
      payload: { code: await latestCode(email) },
    });
    expect((await caller(app, headers)).body.user).toMatchObject({ emailVerified: true });

    const profile = await app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers,
      payload: { firstName: 'Anne', lastName: 'Meier', companyName: 'Meier GmbH' },
    });
    expect(profile.statusCode).toBe(200);
    expect((await caller(app, headers)).body.user).toMatchObject({ firstName: 'Anne', companyName: 'Meier GmbH' });

    const newEmail = `moved-${counter}-${Date.now()}@example.test`;
    await app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers,
      payload: { newEmail, currentPassword: PASSWORD },
    });
    expect((await caller(app, headers)).body.user).toMatchObject({ email });
    const code = await latestCode(newEmail, 'change_email');
    await app.inject({ method: 'POST', url: '/api/account/email/confirm', headers, payload: { code } });
    expect((await caller(app, headers)).body.user).toMatchObject({ email: newEmail });
  });

  it('an admin demoting, disabling or deleting a user counts from the next request', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const target = await createTestUser(app, { role: 'admin' });
    const url = `/api/admin/users/${target.user.id}`;
    expect((await app.inject({ url: '/api/admin/users', headers: target.headers })).statusCode).toBe(200);

    await app.inject({ method: 'PATCH', url, headers: admin.headers, payload: { role: 'user' } });
    expect((await app.inject({ url: '/api/admin/users', headers: target.headers })).statusCode).toBe(403);
    expect((await caller(app, target.headers)).body.user).toMatchObject({ role: 'user' });

    await app.inject({ method: 'PATCH', url, headers: admin.headers, payload: { status: 'disabled' } });
    expect((await caller(app, target.headers)).status).toBe(401);

    const deleted = await createTestUser(app);
    expect((await caller(app, deleted.headers)).status).toBe(200);
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${deleted.user.id}`,
      headers: admin.headers,
    });
    expect(removal.statusCode).toBe(200);
    expect((await caller(app, deleted.headers)).status).toBe(401);
  });
});

// Several instances on one PostgreSQL database and one Redis (DESIGN §2, scale mode): a change made
// through one instance counts on the other from its very next request.
describe.skipIf(!process.env.DATABASE_URL)(
  'signed-in requests across two instances (PostgreSQL and local Redis)',
  () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379' };
    let a: TestApp;
    let b: App;
    const dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-data-b-'));

    beforeAll(async () => {
      a = await createTestApp({ env, extraRoutes: callerRoute });
      b = await buildApp(testConfig({ ...env, DATA_DIR: dataDirB }), {
        logger: false,
        database: await openPostgresDatabase(a.testDatabaseUrl!),
        jobs: { runInProcess: false },
        library: { seedKnowledgeBase: false, stuckFileSweepMs: 0 },
        extraRoutes: callerRoute,
      });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      fs.rmSync(dataDirB, { recursive: true, force: true });
    });

    it('a sign-out on one instance fails the token on the other', async () => {
      const { headers } = await createTestUser(a);
      expect((await caller(b, headers)).status).toBe(200);
      expect((await caller(b, headers)).status).toBe(200);
      expect((await a.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
      expect((await caller(b, headers)).status).toBe(401);
    });

    it('an admin disabling or demoting a user on one instance counts on the other', async () => {
      const admin = await createTestUser(a, { role: 'admin' });
      const target = await createTestUser(a, { role: 'admin' });
      const url = `/api/admin/users/${target.user.id}`;
      expect((await b.inject({ url: '/api/admin/users', headers: target.headers })).statusCode).toBe(200);
      await a.inject({ method: 'PATCH', url, headers: admin.headers, payload: { role: 'user' } });
      expect((await b.inject({ url: '/api/admin/users', headers: target.headers })).statusCode).toBe(403);
      await a.inject({ method: 'PATCH', url, headers: admin.headers, payload: { status: 'disabled' } });
      expect((await caller(b, target.headers)).status).toBe(401);
    });

    it('a profile change on one instance shows on the other', async () => {
      const user = await createTestUser(a);
      expect((await caller(b, user.headers)).body.user).toMatchObject({ firstName: 'Test' });
      const payload = { firstName: 'Zoe', lastName: 'User', companyName: 'Example AG' };
      await a.inject({ method: 'PATCH', url: '/api/account/profile', headers: user.headers, payload });
      expect((await caller(b, user.headers)).body.user).toMatchObject({ firstName: 'Zoe' });
    });
  },
);

describe('the session memory itself', () => {
  it('reads a remembered session again after 30 seconds even when no write was seen', async () => {
    let clock = Date.parse('2026-11-27T10:00:00Z');
    let reads = 0;
    const live: LiveSession = {
      session: { id: 's1', lastUsedAt: new Date(clock), expiresAt: new Date(clock + 86_400_000) },
      user: {
        id: 'u1',
        email: 'a@example.test',
        firstName: 'A',
        lastName: 'B',
        companyName: 'C',
        role: 'user',
        status: 'active',
        language: 'en',
        emailVerifiedAt: new Date(clock),
      },
    };
    const repository = {
      findLiveByTokenHash: async () => {
        reads += 1;
        return live;
      },
      touch: async () => undefined,
    } as unknown as SessionsRepository;
    const service = createSessionService(repository, { now: () => new Date(clock), memory: { generation: () => 0 } });
    const token = 'x'.repeat(43);
    await service.authenticate(token);
    clock += 29_000;
    await service.authenticate(token);
    expect(reads).toBe(1);
    clock += 2_000;
    await service.authenticate(token);
    expect(reads).toBe(2);
  });
});
