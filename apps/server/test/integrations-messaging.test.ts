import type { Connection, JournalEntry, JournalPage } from '@compliance/shared/integrations';
import { ALERT_DIGEST_HOUR_UTC } from '@compliance/shared/integrations';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startMatrixStandIn, type MatrixStandIn } from './helpers/matrix-stand-in.ts';
import { startTestSmtpServer } from './helpers/smtp-server.ts';
import { testApi } from './helpers/api.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';
import { createMatrixConnector } from '../src/modules/integrations/connectors/matrix.ts';
import { createOutbound } from '../src/modules/integrations/outbound.ts';

/**
 * Matrix rooms (through a local server that speaks Matrix's client-server API, the "Matrix stand-in")
 * and e-mail lists (through a real SMTP server, the one accounts-smtp.test.ts uses) as messaging
 * connections: answers shared with their sources, FATF alerts, the journal.
 */

type SmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;

let app: TestApp;
const { call, errorOf, runJobs, askAndFinish } = testApi(() => app);
let matrix: MatrixStandIn;
let smtp: SmtpServer;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [matrix, smtp] = await Promise.all([startMatrixStandIn(), startTestSmtpServer()]);
  app = await createTestApp({
    env: {
      INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Compliance Assistant <no-reply@example.test>',
    },
    chat: { offlinePaceMs: 0 },
  });
  [alice, bob, admin] = await Promise.all([
    createTestUser(app),
    createTestUser(app),
    createTestUser(app, { role: 'admin' }),
  ]);
  // Alice's answers cite a document of her own library.
  const upload = await uploadFile(
    app,
    alice.headers,
    'edd-guideline.txt',
    'Enhanced due diligence applies to politically exposed persons and to clients from high-risk countries.\n\n' +
      'Senior management must approve every business relationship with a politically exposed person.',
  );
  expect(upload.statusCode, upload.body).toBe(201);
  await runJobs();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([matrix?.close(), smtp?.close()]);
});

async function connect(user: TestUser, body: Record<string, unknown>): Promise<Connection> {
  const response = await call(user, 'POST', '/integrations', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Connection;
}

const connectMatrix = (user: TestUser, overrides: Record<string, unknown> = {}) =>
  connect(user, {
    kind: 'matrix',
    name: 'Compliance room',
    settings: { homeserverUrl: matrix.url, roomId: matrix.roomId },
    secret: matrix.accessToken,
    ...overrides,
  });

describe('Matrix stand-in (client-server API v3)', () => {
  const get = (path: string, token?: string) =>
    fetch(`${matrix.url}/_matrix/client/v3${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const put = (path: string, body: unknown, token = matrix.accessToken) =>
    fetch(`${matrix.url}/_matrix/client/v3${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const room = () => encodeURIComponent(matrix.roomId);

  it('answers whoami and joined rooms for the token, and Matrix errors without one', async () => {
    expect(await (await get('/account/whoami', matrix.accessToken)).json()).toMatchObject({ user_id: matrix.userId });
    expect(await (await get('/joined_rooms', matrix.accessToken)).json()).toEqual({ joined_rooms: [matrix.roomId] });
    const missing = await get('/account/whoami');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ errcode: 'M_MISSING_TOKEN' });
    const unknown = await get('/account/whoami', 'syt_wrong');
    expect(await unknown.json()).toMatchObject({ errcode: 'M_UNKNOWN_TOKEN', soft_logout: false });
  });

  it('stores a message once per transaction id, and refuses rooms not joined and messages without a body', async () => {
    const before = matrix.events.length;
    const first = await put(`/rooms/${room()}/send/m.room.message/txn-1`, { msgtype: 'm.text', body: 'Hello' });
    expect(first.status).toBe(200);
    const { event_id: eventId } = (await first.json()) as { event_id: string };
    expect(eventId).toMatch(/^\$/);
    const again = await put(`/rooms/${room()}/send/m.room.message/txn-1`, { msgtype: 'm.text', body: 'Hello' });
    expect(await again.json()).toEqual({ event_id: eventId });
    expect(matrix.events.length).toBe(before + 1);

    const elsewhere = await put(`/rooms/${encodeURIComponent('!other:stand-in.test')}/send/m.room.message/t`, {
      msgtype: 'm.text',
      body: 'x',
    });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ errcode: 'M_FORBIDDEN' });
    const bad = await put(`/rooms/${room()}/send/m.room.message/txn-2`, { msgtype: 'm.text' });
    expect(await bad.json()).toMatchObject({ errcode: 'M_BAD_JSON' });
    const html = await put(`/rooms/${room()}/send/m.room.message/txn-3`, {
      msgtype: 'm.text',
      body: 'x',
      formatted_body: '<b>x</b>',
    });
    expect(html.status).toBe(400);
    expect(matrix.events.length).toBe(before + 1);
  });

  it('answers 429 M_LIMIT_EXCEEDED with retry_after_ms and Retry-After', async () => {
    matrix.rateLimitNext(1, 2_500);
    const limited = await get('/account/whoami', matrix.accessToken);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(await limited.json()).toEqual({
      errcode: 'M_LIMIT_EXCEEDED',
      error: 'Too Many Requests',
      retry_after_ms: 2_500,
    });
    expect((await get('/account/whoami', matrix.accessToken)).status).toBe(200);
  });
});

describe('Matrix messaging through the Matrix stand-in', () => {
  it('tests the token (whoami) and the room membership, and shares an answer with its sources as HTML', async () => {
    const before = matrix.requests.length;
    const connection = await connectMatrix(alice);
    expect(connection).toMatchObject({
      kind: 'matrix',
      capability: 'messages',
      status: 'connected',
      target: `${matrix.roomId} @ ${new URL(matrix.url).host}`,
    });
    expect(JSON.stringify(connection)).not.toContain(matrix.accessToken);
    expect(matrix.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v3/account/whoami',
      'GET /v3/joined_rooms',
    ]);

    const { conversationId, messageId, answer } = await askAndFinish(
      alice,
      'Who must approve a business relationship with a politically exposed person?',
    );
    expect(answer.citations.length).toBeGreaterThan(0);
    const shared = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(shared.statusCode, shared.body).toBe(201);
    const entry = shared.json() as JournalEntry;
    const event = matrix.events.at(-1)!;
    expect(event).toMatchObject({
      roomId: matrix.roomId,
      type: 'm.room.message',
      txnId: expect.stringMatching(/^ca-/),
    });
    expect(event.content).toMatchObject({ msgtype: 'm.text', format: 'org.matrix.custom.html' });
    const body = event.content.body as string;
    const html = event.content.formatted_body as string;
    expect(body).toContain('Who must approve a business relationship');
    expect(body).toContain('[1] edd-guideline.txt');
    expect(html).toMatch(/^<h3>Who must approve a business relationship/);
    expect(html).toMatch(/<li>\[1\] <a href="http[^"]+">edd-guideline\.txt/);
    expect(html).toContain(alice.user.email);
    expect(entry).toMatchObject({
      status: 'sent',
      kind: 'matrix',
      externalId: event.eventId,
      destination: connection.target,
      senderEmail: alice.user.email,
      content: body,
    });

    // Another user cannot send through it.
    expect(
      errorOf(await call(bob, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId })).code,
    ).toBe('INTEGRATION_NOT_FOUND');
  });

  it('reports a room the account has not joined and a revoked token with their own codes', async () => {
    const notJoined = await connectMatrix(alice, {
      name: 'Other room',
      settings: { homeserverUrl: matrix.url, roomId: '!elsewhere:stand-in.test' },
    });
    expect(notJoined).toMatchObject({
      status: 'failing',
      lastError: { code: 'INTEGRATION_REMOTE_NOT_FOUND', detail: expect.stringContaining('has not joined') },
    });
    const wrongToken = await connectMatrix(alice, { name: 'Wrong token', secret: 'syt_not_the_token' });
    expect(wrongToken).toMatchObject({
      status: 'failing',
      lastError: { code: 'INTEGRATION_AUTH_FAILED', detail: expect.stringContaining('M_UNKNOWN_TOKEN') },
    });
    const fixed = await call(alice, 'PATCH', `/integrations/${wrongToken.id}`, { secret: matrix.accessToken });
    expect(fixed.json()).toMatchObject({ status: 'connected' });
  });

  it('answers M_LIMIT_EXCEEDED as INTEGRATION_RATE_LIMITED, journalled as failed, and sends once the wait is over', async () => {
    const connection = await connectMatrix(alice, { name: 'Busy room' });
    const { conversationId, messageId } = await askAndFinish(alice, 'What is enhanced due diligence?');
    const before = matrix.events.length;
    matrix.rateLimitNext(1, 4_000);
    const limited = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('INTEGRATION_RATE_LIMITED');
    expect(matrix.events.length).toBe(before);
    const journal = (await call(alice, 'GET', '/integrations/journal')).json() as JournalPage;
    expect(journal.entries.find((item) => item.connectionId === connection.id)).toMatchObject({
      status: 'failed',
      errorCode: 'INTEGRATION_RATE_LIMITED',
    });

    const sent = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(matrix.events.length).toBe(before + 1);
  });

  it('honours retry_after_ms of M_LIMIT_EXCEEDED (and Retry-After without it)', async () => {
    const outbound = createOutbound({ allowPrivateNetworks: true });
    try {
      const connector = createMatrixConnector(
        { homeserverUrl: matrix.url, roomId: matrix.roomId, fatfAlerts: false, syncAlerts: false },
        matrix.accessToken,
        outbound,
      );
      matrix.rateLimitNext(1, 7_250);
      await expect(connector.post({ title: 'Title', text: 'Text', citations: [], footer: '' })).rejects.toMatchObject({
        code: 'INTEGRATION_RATE_LIMITED',
        retryAfterMs: 7_250,
      });
      matrix.rateLimitNext(1, 0);
      await expect(connector.check()).rejects.toMatchObject({ code: 'INTEGRATION_RATE_LIMITED', retryAfterMs: 0 });
      await expect(connector.check()).resolves.toEqual({ testMessage: null });
    } finally {
      await outbound.close();
    }
  });

  it('validates the homeserver address, the room id and the token with the shared rules', async () => {
    const response = await call(alice, 'POST', '/integrations', {
      kind: 'matrix',
      name: 'Bad',
      settings: { homeserverUrl: 'matrix.example.org', roomId: '#alias:example.org' },
      secret: 'token with spaces',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toMatchObject({
      'settings.homeserverUrl': 'integrations:validation.urlInvalid',
      'settings.roomId': 'integrations:validation.roomIdInvalid',
      secret: 'integrations:validation.matrixTokenInvalid',
    });
  });
});

describe('E-mail messaging through a real SMTP server', () => {
  it('sends a shared answer to the list (text and HTML with the sources), and journals it', async () => {
    const connection = await connect(alice, {
      kind: 'email',
      name: 'Compliance team by e-mail',
      settings: { recipients: 'Team@Example.test, officer@example.test;\nteam@example.test' },
    });
    expect(connection).toMatchObject({
      kind: 'email',
      capability: 'messages',
      status: 'connected',
      settings: { recipients: ['team@example.test', 'officer@example.test'] },
      target: 'team@example.test, officer@example.test',
    });

    const { conversationId, messageId, answer } = await askAndFinish(
      alice,
      'Which clients need enhanced due diligence under the guideline?',
    );
    expect(answer.citations.length).toBeGreaterThan(0);
    const shared = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(shared.statusCode, shared.body).toBe(201);
    const entry = shared.json() as JournalEntry;
    const mail = await smtp.waitForMail('officer@example.test');
    expect(mail.to.sort()).toEqual(['officer@example.test', 'team@example.test']);
    expect(mail.from).toBe('no-reply@example.test');
    expect(mail.raw).toMatch(/^Subject: Which clients need enhanced due diligence under the guideline\?/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toContain('edd-guideline.txt');
    expect(entry).toMatchObject({
      status: 'sent',
      kind: 'email',
      destination: 'team@example.test, officer@example.test',
      externalId: expect.stringMatching(/^<.+@.+>$/),
      senderEmail: alice.user.email,
    });
    expect(mail.raw).toContain(`Message-ID: ${entry.externalId}`);
  });

  it('validates the addresses and their number with the shared rules', async () => {
    const invalid = await call(alice, 'POST', '/integrations', {
      kind: 'email',
      name: 'Bad',
      settings: { recipients: 'team@example.test, not-an-address' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).fields).toMatchObject({
      'settings.recipients': 'integrations:validation.recipientsInvalid',
    });
    const many = await call(alice, 'POST', '/integrations', {
      kind: 'email',
      name: 'Too many',
      settings: { recipients: Array.from({ length: 21 }, (_, index) => `person${index}@example.test`) },
    });
    expect(errorOf(many).fields).toMatchObject({ 'settings.recipients': 'integrations:validation.tooManyRecipients' });
    const none = await call(alice, 'POST', '/integrations', {
      kind: 'email',
      name: 'None',
      settings: { recipients: ' ' },
    });
    expect(errorOf(none).fields).toMatchObject({ 'settings.recipients': 'errors:validation.required' });
    // An e-mail connection has no secret to give.
    const secret = await call(alice, 'POST', '/integrations', {
      kind: 'email',
      name: 'Secret',
      settings: { recipients: 'team@example.test' },
      secret: 'password',
    });
    expect(secret.statusCode).toBe(400);
  });

  it('without an SMTP server, reports INTEGRATION_EMAIL_NOT_CONFIGURED instead of sending', async () => {
    const offline = await createTestApp({ env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' } });
    try {
      const carol = await createTestUser(offline);
      const created = await call(
        carol,
        'POST',
        '/integrations',
        { kind: 'email', name: 'Nowhere', settings: { recipients: 'team@example.test' } },
        offline,
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        status: 'failing',
        lastError: { code: 'INTEGRATION_EMAIL_NOT_CONFIGURED' },
      });
    } finally {
      await offline.close();
    }
  });
});

describe('FATF list alerts to Matrix rooms and e-mail lists', () => {
  it('posts a change of the lists to every room and list that asked for it, and journals both', async () => {
    const room = await connectMatrix(admin, {
      scope: 'organisation',
      name: 'FATF room',
      settings: { homeserverUrl: matrix.url, roomId: matrix.roomId, fatfAlerts: true },
    });
    expect((await call(bob, 'PATCH', '/account/settings', { language: 'fr' })).statusCode).toBe(200);
    const list = await connect(bob, {
      kind: 'email',
      name: 'Alertes GAFI',
      settings: { recipients: 'alerts@example.test', fatfAlerts: true },
    });
    const eventsBefore = matrix.events.length;

    const changed = await call(admin, 'PUT', '/admin/countries/NO/status', {
      status: 'grey',
      effectiveDate: '2026-10-24',
      sourceNote: 'Plenary outcome',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await runJobs();

    const posted = matrix.events.slice(eventsBefore);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.content.body).toMatch(/FATF lists changed[\s\S]*Norway[\s\S]*grey list/);
    expect(posted[0]!.content.formatted_body).toMatch(/<li><strong>Norway<\/strong>: now under increased monitoring/);
    const mail = await smtp.waitForMail('alerts@example.test');
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?|^Subject: Listes du GAFI modifi/m);
    expect(mail.raw).toContain('Norv');

    const journal = (await call(admin, 'GET', '/admin/integrations/journal')).json() as JournalPage;
    expect(journal.entries.filter((entry) => [room.id, list.id].includes(entry.connectionId ?? ''))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ connectionId: room.id, status: 'sent', senderEmail: 'system@localhost' }),
        expect.objectContaining({ connectionId: list.id, status: 'sent', destination: 'alerts@example.test' }),
      ]),
    );
  });
  it('collects the alerts of an e-mail list that wants a digest into one message at the digest hour', async () => {
    const digest = await connect(bob, {
      kind: 'email',
      name: 'Daily digest',
      settings: { recipients: 'digest@example.test', fatfAlerts: true, alertDigest: true },
    });
    expect(digest.settings).toMatchObject({ alertDigest: true, syncAlerts: false });
    for (const iso2 of ['FI', 'DK']) {
      const changed = await call(admin, 'PUT', `/admin/countries/${iso2}/status`, {
        status: 'grey',
        effectiveDate: '2026-10-25',
        sourceNote: 'Plenary outcome',
      });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    await runJobs();
    const toDigest = () => smtp.messages.filter((message) => message.to.includes('digest@example.test'));
    expect(toDigest()).toHaveLength(0);

    // Both wait for the next digest hour; the clock reaching it is played by moving their jobs forward.
    const waiting = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'integrations.alert-delivery'), gt(jobs.runAt, new Date())));
    expect(waiting).toHaveLength(2);
    for (const job of waiting) expect(job.runAt.getUTCHours()).toBe(ALERT_DIGEST_HOUR_UTC);
    await app.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1_000) })
      .where(
        inArray(
          jobs.id,
          waiting.map((job) => job.id),
        ),
      );
    await runJobs();

    const [mail] = toDigest();
    expect(toDigest()).toHaveLength(1);
    expect(mail!.raw).toMatch(/alertes/);
    expect(mail!.raw).toContain('Finlande');
    expect(mail!.raw).toContain('Danemark');
    const all = (await call(admin, 'GET', '/admin/integrations/journal')).json() as JournalPage;
    expect(all.entries.filter((entry) => entry.connectionId === digest.id)).toHaveLength(1);
  });
});
