import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createTestUser } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';

interface Client {
  socket: WebSocket;
  messages: { type: string; data: unknown }[];
  closed: Promise<{ code: number }>;
  connectionId: string | undefined;
  next(type: string, timeoutMs?: number): Promise<{ type: string; data: unknown }>;
}

async function listen(app: TestApp): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('http', 'ws');
}

/** Opens a socket, authenticates with the first message and waits for `ready`. */
async function connect(base: string, token: string | null): Promise<Client> {
  const socket = new WebSocket(`${base}/api/realtime`);
  const messages: Client['messages'] = [];
  const waiters = new Set<() => void>();
  socket.addEventListener('message', (event) => {
    messages.push(JSON.parse(String(event.data)));
    for (const waiter of waiters) waiter();
  });
  const closed = new Promise<{ code: number }>((resolve) =>
    socket.addEventListener('close', (event) => resolve({ code: event.code })),
  );
  const client: Client = {
    socket,
    messages,
    closed,
    connectionId: undefined,
    next: (type, timeoutMs = 3_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const index = messages.findIndex((message) => message.type === type);
          if (index === -1) return;
          const [found] = messages.splice(index, 1);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found!);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No ${type} message within ${timeoutMs} ms (got ${JSON.stringify(messages)})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('socket error')));
  });
  if (token) socket.send(JSON.stringify({ type: 'auth', token }));
  if (token) {
    const ready = await client.next('ready');
    client.connectionId = (ready.data as { connectionId: string }).connectionId;
  }
  return client;
}

/**
 * Proves that `client` did not receive `type`, without waiting for a while: a probe published after
 * it reaches the same socket later (one publisher, events in order), so once the probe is here, the
 * event would be too.
 */
async function expectNoMessage(app: TestApp, client: Client, userId: string, type: string): Promise<void> {
  await app.realtime.publish({ userId, type: 'probe', data: null });
  await client.next('probe');
  expect(client.messages.map((message) => message.type)).not.toContain(type);
}

describe('realtime (in-process)', () => {
  let app: TestApp;
  let base: string;
  beforeAll(async () => {
    app = await createTestApp();
    base = await listen(app);
  });
  afterAll(() => app.close());

  it('never accepts a session token in the URL (proxies and logs keep URLs): only the first message signs in', async () => {
    const alice = await createTestUser(app);
    const socket = new WebSocket(`${base}/api/realtime?token=${alice.token}`);
    const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
    const received: string[] = [];
    socket.addEventListener('message', (event) => received.push(String(event.data)));
    await new Promise<void>((resolve) => socket.addEventListener('open', () => resolve()));
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await closed).toBe(4001);
    expect(received.some((message) => message.includes('"ready"'))).toBe(false);
  });

  it('delivers events to every tab of the user, not to others and not back to the sender tab', async () => {
    const alice = await createTestUser(app);
    const bob = await createTestUser(app);
    const tab1 = await connect(base, alice.token);
    const tab2 = await connect(base, alice.token);
    const bobTab = await connect(base, bob.token);

    await app.realtime.publish({
      userId: alice.user.id,
      type: 'test.event',
      data: { n: 1 },
      originConnectionId: tab1.connectionId,
    });
    expect((await tab2.next('test.event')).data).toEqual({ n: 1 });
    await expectNoMessage(app, tab1, alice.user.id, 'test.event');
    await expectNoMessage(app, bobTab, bob.user.id, 'test.event');
    for (const client of [tab1, tab2, bobTab]) client.socket.close();
  });

  it('file status changes reach the user’s open tabs live', async () => {
    const user = await createTestUser(app);
    const tab = await connect(base, user.token);
    const upload = await uploadFile(app, user.headers, 'live.txt', 'A short text about customer due diligence duties.');
    expect(upload.statusCode).toBe(201);
    const pending = await tab.next('documents.file.updated');
    expect(pending.data).toMatchObject({ name: 'live.txt', status: 'pending' });
    await app.jobs.runDueJobs();
    expect((await tab.next('documents.file.updated')).data).toMatchObject({ status: 'synching' });
    expect((await tab.next('documents.file.updated')).data).toMatchObject({ status: 'ready' });
    tab.socket.close();
  });

  it('closes a socket that never authenticates, or with a bad token', async () => {
    const bad = await connect(base, null);
    bad.socket.send(JSON.stringify({ type: 'auth', token: 'x'.repeat(40) }));
    expect((await bad.closed).code).toBe(4001);
  });

  it('re-checks the session on every message: a revoked session loses its socket', async () => {
    const user = await createTestUser(app);
    const tab = await connect(base, user.token);
    tab.socket.send(JSON.stringify({ type: 'ping' }));
    await tab.next('pong');
    const session = await app.sessions.authenticate(user.token);
    await app.sessions.revoke(session!.sessionId, user.user.id);
    tab.socket.send(JSON.stringify({ type: 'ping' }));
    expect((await tab.closed).code).toBe(4001);
  });

  it('broadcast events (e.g. FATF list changes) reach every signed-in tab but the sender', async () => {
    const alice = await createTestUser(app);
    const bob = await createTestUser(app);
    const aliceTab = await connect(base, alice.token);
    const bobTab = await connect(base, bob.token);
    await app.realtime.publish({
      broadcast: true,
      type: 'countries.updated',
      data: { version: 2 },
      originConnectionId: aliceTab.connectionId,
    });
    expect((await bobTab.next('countries.updated')).data).toEqual({ version: 2 });
    await expectNoMessage(app, aliceTab, alice.user.id, 'countries.updated');
    aliceTab.socket.close();
    bobTab.socket.close();
  });

  it('signing out elsewhere closes the socket of that session at once', async () => {
    const alice = await createTestUser(app);
    const tab = await connect(base, alice.token);
    await app.sessions.revokeAllForUser(alice.user.id);
    expect((await tab.closed).code).toBe(4001);
  });

  it('deleting an account closes its open sockets at once', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const doomed = await createTestUser(app);
    const tab = await connect(base, doomed.token);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${doomed.user.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await tab.closed).code).toBe(4001);
  });

  it('admin events reach admins only, and stop when an admin is demoted', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const user = await createTestUser(app);
    const adminTab = await connect(base, admin.token);
    const userTab = await connect(base, user.token);
    await app.realtime.publish({ role: 'admin', type: 'admin.event', data: null });
    await adminTab.next('admin.event');
    await expectNoMessage(app, userTab, user.user.id, 'admin.event');

    await app.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.user.id));
    await app.realtime.publish({ role: 'admin', type: 'admin.event', data: null });
    await expectNoMessage(app, adminTab, admin.user.id, 'admin.event');
    adminTab.socket.close();
    userTab.socket.close();
  });

  it('re-evaluates an open socket through the access check when an admin demotes its user', async () => {
    const demoter = await createTestUser(app, { role: 'admin' });
    const admin = await createTestUser(app, { role: 'admin' });
    const tab = await connect(base, admin.token);
    const demoted = await app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.user.id}`,
      headers: demoter.headers,
      payload: { role: 'user' },
    });
    expect(demoted.json()).toMatchObject({ role: 'user' });

    await app.realtime.publish({ role: 'admin', type: 'admin.event', data: null });
    await expectNoMessage(app, tab, admin.user.id, 'admin.event');
    // Still a signed-in user: the socket stays open for the user's own events.
    expect(tab.socket.readyState).toBe(WebSocket.OPEN);
    tab.socket.close();
  });

  it('closes open sockets on shutdown without delaying it', async () => {
    const other = await createTestApp();
    const otherBase = await listen(other);
    const user = await createTestUser(other);
    const tab = await connect(otherBase, user.token);
    const started = Date.now();
    await other.close();
    expect((await tab.closed).code).toBe(1001);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('realtime across two instances (Redis pub/sub, local Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
    b = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('an event published on one instance reaches a tab connected to the other', async () => {
    const baseB = await listen(b);
    const user = await createTestUser(b);
    const tab = await connect(baseB, user.token);
    await a.realtime.publish({ userId: user.user.id, type: 'documents.file.updated', data: { id: 'x' } });
    expect((await tab.next('documents.file.updated')).data).toEqual({ id: 'x' });
    tab.socket.close();
  });
});
