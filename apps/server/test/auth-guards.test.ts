import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index.ts';
import { createTestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('the actor of a request and the one access check', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({
      extraRoutes: async (api) => {
        // Routes as services write them: the check first, on the request's actor.
        api.get('/whoami', async (request) => {
          const caller = await api.access.require(request.actor, 'account.read');
          return { id: caller.user.id };
        });
        api.get('/verify-only', async (request) => {
          await api.access.require(request.actor, 'session.manage');
          return { ok: true };
        });
        api.get('/actor', async (request) => ({ kind: request.actor.kind }));
        // No guard declared: the /api/admin prefix alone must protect it.
        api.get('/admin/probe', async () => ({ ok: true }));
      },
    });
  });
  afterAll(() => app.close());

  it('answers 401 without a token and with an unknown one', async () => {
    expect((await app.inject({ url: '/api/whoami' })).statusCode).toBe(401);
    const unknown = await app.inject({ url: '/api/whoami', headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('knows the caller behind a live session', async () => {
    const { user, headers } = await createTestUser(app);
    const response = await app.inject({ url: '/api/whoami', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id });
  });

  it('resolves anonymous callers to an anonymous actor, and a session to a user actor', async () => {
    expect((await app.inject({ url: '/api/actor' })).json()).toEqual({ kind: 'anonymous' });
    const { headers } = await createTestUser(app);
    expect((await app.inject({ url: '/api/actor', headers })).json()).toEqual({ kind: 'user' });
  });

  it('stores only a hash of the token', async () => {
    const { user, token } = await createTestUser(app);
    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets an unverified user reach only session-level routes', async () => {
    const { headers } = await createTestUser(app, { emailVerifiedAt: null });
    const blocked = await app.inject({ url: '/api/whoami', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { code: 'EMAIL_NOT_VERIFIED' } });
    expect((await app.inject({ url: '/api/verify-only', headers })).statusCode).toBe(200);
  });

  it('refuses revoked sessions and disabled users', async () => {
    const revoked = await createTestUser(app);
    await app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, revoked.user.id));
    expect((await app.inject({ url: '/api/whoami', headers: revoked.headers })).statusCode).toBe(401);

    const disabled = await createTestUser(app);
    await app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.user.id));
    expect((await app.inject({ url: '/api/whoami', headers: disabled.headers })).statusCode).toBe(401);
  });

  it('guards every /api/admin route on the server: 401 anonymous, 403 for users, 200 for admins', async () => {
    expect((await app.inject({ url: '/api/admin/probe' })).statusCode).toBe(401);
    const member = await createTestUser(app);
    const forbidden = await app.inject({ url: '/api/admin/probe', headers: member.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const admin = await createTestUser(app, { role: 'admin' });
    expect((await app.inject({ url: '/api/admin/probe', headers: admin.headers })).statusCode).toBe(200);
  });
});
