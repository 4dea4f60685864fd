import type { CountryListResponse } from '@compliance/shared/countries';
import type { Connection, JournalPage } from '@compliance/shared/integrations';
import type { ImportedTicket, TicketLink, TicketLinkList } from '@compliance/shared/tickets';
import { eq } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPersonalConnections, createTestUser, type TestUser } from './helpers/factories.ts';
import { requestTrackerAvailable, startRequestTracker, type RequestTrackerServer } from './helpers/request-tracker.ts';
import { testApi } from './helpers/api.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';
import { createRequestTrackerConnector } from '../src/modules/integrations/connectors/request-tracker.ts';
import { createOutbound } from '../src/modules/integrations/outbound.ts';
import { integrationTickets } from '../src/db/schema/index.ts';

/**
 * Tickets and tasks against a real Request Tracker 5 (Debian's request-tracker5, SQLite, REST 2), started
 * once for the file. On a developer's machine without RT these tests skip; in CI (which installs it) they
 * must run, and startRequestTracker fails with the install command.
 */
const skip = !requestTrackerAvailable() && !process.env.CI;

let rt: RequestTrackerServer;
let app: TestApp;
const { call, errorOf, runJobs, askAndFinish } = testApi(() => app);
let alice: TestUser;
let bob: TestUser;

async function connect(user: TestUser, overrides: Record<string, unknown> = {}): Promise<Connection> {
  const response = await call(user, 'POST', '/integrations', {
    kind: 'requesttracker',
    name: 'Support desk',
    settings: { url: rt.url, queue: 'General' },
    secret: rt.token,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Connection;
}

/** The ticket's first message as RT stores it. */
async function firstMessage(number: number): Promise<string> {
  const list = await rt.rest<{ items: { id: string }[] }>('GET', `/ticket/${number}/attachments`);
  const first = await rt.rest<{ Content: string }>('GET', `/attachment/${list.body.items[0]!.id}`);
  return Buffer.from(first.body.Content, 'base64').toString('utf8');
}

describe.skipIf(skip)('Request Tracker connector against a real RT 5 (REST 2, SQLite)', () => {
  beforeAll(async () => {
    rt = await startRequestTracker();
    console.info(`Request Tracker set up and started in ${rt.startMs} ms`);
    app = await createTestApp({ env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' }, chat: { offlinePaceMs: 0 } });
    await allowPersonalConnections(app, 50);
    [alice, bob] = await Promise.all([createTestUser(app), createTestUser(app)]);
    const upload = await uploadFile(
      app,
      alice.headers,
      'edd-guideline.txt',
      'Enhanced due diligence applies to politically exposed persons and to clients from high-risk countries.\n\n' +
        'Senior management must approve every business relationship with a politically exposed person.',
    );
    expect(upload.statusCode, upload.body).toBe(201);
    await runJobs();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await rt?.stop();
  });

  it('checks the token and the queue, and maps RT’s refusals to connector errors', async () => {
    const outbound = createOutbound({ allowPrivateNetworks: true });
    try {
      const good = createRequestTrackerConnector({ url: rt.url, queue: 'General' }, rt.token, outbound);
      await good.check();
      expect(good.describe()).toBe(`${new URL(rt.url).host} · General`);
      await expect(
        createRequestTrackerConnector(
          { url: rt.url, queue: 'General' },
          '1-14-00000000000000000000000000000000',
          outbound,
        ).check(),
      ).rejects.toMatchObject({ code: 'INTEGRATION_AUTH_FAILED' });
      await expect(
        createRequestTrackerConnector({ url: rt.url, queue: 'No such queue' }, rt.token, outbound).check(),
      ).rejects.toMatchObject({ code: 'INTEGRATION_REMOTE_NOT_FOUND', detail: 'queue “No such queue” not found' });
      await expect(good.get(999_999)).rejects.toMatchObject({ code: 'INTEGRATION_REMOTE_NOT_FOUND' });
    } finally {
      await outbound.close();
    }
  });

  it('turns a conversation into a ticket with the answer’s numbered sources, journalled and linked', async () => {
    const connection = await connect(alice);
    expect(connection).toMatchObject({ capability: 'tickets', status: 'connected', lastError: null });
    const question = 'Who must approve a relationship with a politically exposed person?';
    const { conversationId, messageId } = await askAndFinish(alice, question);

    const response = await call(alice, 'POST', `/integrations/${connection.id}/tickets`, { conversationId });
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json() as TicketLink;
    expect(link).toMatchObject({ kind: 'ticket', conversationId, status: 'new', title: question });
    expect(link.url).toBe(`${rt.url}/Ticket/Display.html?id=${link.number}`);

    const ticket = await rt.rest<{ Subject: string; Status: string; Queue: { id: string } }>(
      'GET',
      `/ticket/${link.number}`,
    );
    expect(ticket.body).toMatchObject({ Subject: question, Status: 'new', Queue: { id: '1' } });
    const body = await firstMessage(link.number);
    expect(body).toContain('Senior management must approve');
    expect(body).toMatch(/\[1\]/);
    expect(body).toMatch(/^\[1\] edd-guideline\.txt/m);
    expect(body).toContain('Shared by Test User');

    const journal = (await call(alice, 'GET', '/integrations/journal')).json() as JournalPage;
    expect(journal.entries[0]).toMatchObject({
      kind: 'requesttracker',
      status: 'sent',
      externalId: String(link.number),
      destination: `${new URL(rt.url).host} · General`,
    });
    expect(journal.entries[0]!.content).toContain(question);

    // The answer can also be named.
    const named = await call(alice, 'POST', `/integrations/${connection.id}/tickets`, { conversationId, messageId });
    expect(named.statusCode, named.body).toBe(201);

    // Imported again, a ticket this app made asks its question (its subject), not the answer in its text.
    const imported = await call(alice, 'GET', `/integrations/${connection.id}/tickets/${link.number}`);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((imported.json() as ImportedTicket).question).toBe(question);
  });

  it('shows a status changed in RT in the conversation once the stored one is stale', async () => {
    const connection = await connect(alice, { name: 'Status desk' });
    const { conversationId } = await askAndFinish(alice, 'When is enhanced due diligence required?');
    const created = (
      await call(alice, 'POST', `/integrations/${connection.id}/tickets`, { conversationId })
    ).json() as TicketLink;

    const changed = await rt.rest<string[]>('PUT', `/ticket/${created.number}`, { Status: 'resolved' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    // Fresh statuses are not asked again (bounded work when a conversation is opened)…
    const fresh = (
      await call(alice, 'GET', `/integrations/tickets?conversationId=${conversationId}`)
    ).json() as TicketLinkList;
    expect(fresh.tickets.map((ticket) => ticket.status)).toEqual(['new']);
    // …stale ones are.
    await app.db
      .update(integrationTickets)
      .set({ statusCheckedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(integrationTickets.id, created.id));
    const refreshed = (
      await call(alice, 'GET', `/integrations/tickets?conversationId=${conversationId}`)
    ).json() as TicketLinkList;
    expect(refreshed.tickets).toEqual([
      expect.objectContaining({ id: created.id, number: created.number, status: 'resolved' }),
    ]);
  });

  it('reads a ticket’s question for a new conversation', async () => {
    const connection = await connect(alice, { name: 'Import desk' });
    const made = await rt.rest<{ id: string }>('POST', '/ticket', {
      Queue: 'General',
      Subject: 'PEP onboarding',
      Content: 'Do we need senior management approval to onboard a foreign PEP?\nThe client is a minister’s spouse.',
      ContentType: 'text/plain',
    });
    expect(made.status).toBe(201);
    const response = await call(alice, 'GET', `/integrations/${connection.id}/tickets/${made.body.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json() as ImportedTicket).toEqual({
      number: Number(made.body.id),
      subject: 'PEP onboarding',
      question: 'Do we need senior management approval to onboard a foreign PEP?\nThe client is a minister’s spouse.',
      url: `${rt.url}/Ticket/Display.html?id=${made.body.id}`,
    });

    const missing = await call(alice, 'GET', `/integrations/${connection.id}/tickets/999999`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('INTEGRATION_REMOTE_NOT_FOUND');
    const invalid = await call(alice, 'GET', `/integrations/${connection.id}/tickets/abc`);
    // A path that names no ticket is not found, like every malformed id.
    expect(invalid.statusCode, invalid.body).toBe(404);
    expect(errorOf(invalid).code).toBe('NOT_FOUND');
  });

  it('creates tasks with a due date and an owner from an answer and from a FATF country', async () => {
    const connection = await connect(alice, { name: 'Task desk' });
    const { conversationId, messageId } = await askAndFinish(alice, 'Which clients need enhanced due diligence?');
    const fromAnswer = await call(alice, 'POST', `/integrations/${connection.id}/tasks`, {
      title: 'Review PEP clients',
      description: 'Check every PEP relationship for senior management approval [1].',
      due: '2027-01-15',
      owner: 'root',
      conversationId,
      messageId,
    });
    expect(fromAnswer.statusCode, fromAnswer.body).toBe(201);
    const task = fromAnswer.json() as TicketLink;
    expect(task).toMatchObject({ kind: 'task', owner: 'root', due: '2027-01-15', conversationId, status: 'new' });
    const remote = await rt.rest<{ Subject: string; Due: string; Owner: { id: string } }>(
      'GET',
      `/ticket/${task.number}`,
    );
    expect(remote.body).toMatchObject({ Subject: 'Review PEP clients', Owner: { id: 'root' } });
    expect(remote.body.Due).toMatch(/^2027-01-15T/);
    const body = await firstMessage(task.number);
    expect(body).toContain('Check every PEP relationship');
    expect(body).toMatch(/^\[1\] edd-guideline\.txt/m);

    const { countries } = (await call(alice, 'GET', '/countries')).json() as CountryListResponse;
    const country = countries[0]!;
    const fromCountry = await call(alice, 'POST', `/integrations/${connection.id}/tasks`, {
      title: `Review clients from ${country.names.en}`,
      due: '2027-02-01',
      owner: '',
      country: country.iso2.toLowerCase(),
    });
    expect(fromCountry.statusCode, fromCountry.body).toBe(201);
    const countryTask = fromCountry.json() as TicketLink;
    expect(countryTask).toMatchObject({ kind: 'task', country: country.iso2, owner: null, due: '2027-02-01' });
    expect(await firstMessage(countryTask.number)).toContain(`/fatf/countries/${country.iso2}`);
    const listed = (await call(alice, 'GET', `/integrations/tickets?country=${country.iso2}`)).json() as TicketLinkList;
    expect(listed.tickets.map((ticket) => ticket.id)).toEqual([countryTask.id]);

    // Bad input changes nothing: no source, a bad date, an owner RT does not know.
    const before = (await rt.rest<{ total: number }>('GET', '/tickets?query=id>0')).body.total;
    const noSource = await call(alice, 'POST', `/integrations/${connection.id}/tasks`, { title: 'x' });
    expect(noSource.statusCode).toBe(400);
    expect(errorOf(noSource).fields).toMatchObject({ country: 'integrations:validation.taskSourceRequired' });
    const badDate = await call(alice, 'POST', `/integrations/${connection.id}/tasks`, {
      title: 'x',
      due: '2027-02-30',
      country: country.iso2,
    });
    expect(badDate.statusCode).toBe(400);
    expect(errorOf(badDate).fields).toMatchObject({ due: 'integrations:validation.dueDateInvalid' });
    const unknownOwner = await call(alice, 'POST', `/integrations/${connection.id}/tasks`, {
      title: 'x',
      owner: 'nobody-here',
      country: country.iso2,
    });
    expect(unknownOwner.statusCode).toBe(404);
    expect(errorOf(unknownOwner)).toMatchObject({ code: 'INTEGRATION_REMOTE_NOT_FOUND' });
    expect((await rt.rest<{ total: number }>('GET', '/tickets?query=id>0')).body.total).toBe(before);
  });

  it('refuses a bad token with the translated auth error and links nothing', async () => {
    const connection = await connect(alice, { name: 'Broken desk', secret: '1-14-00000000000000000000000000000000' });
    expect(connection.status).toBe('failing');
    expect(connection.lastError?.code).toBe('INTEGRATION_AUTH_FAILED');
    const { conversationId } = await askAndFinish(alice, 'Is a PEP always high risk?');
    const response = await call(alice, 'POST', `/integrations/${connection.id}/tickets`, { conversationId });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response).code).toBe('INTEGRATION_AUTH_FAILED');
    const links = (
      await call(alice, 'GET', `/integrations/tickets?conversationId=${conversationId}`)
    ).json() as TicketLinkList;
    expect(links.tickets).toEqual([]);
    const journal = (await call(alice, 'GET', '/integrations/journal')).json() as JournalPage;
    // The attempt is kept in the journal as failed (like every outbound message), never as sent.
    expect(journal.entries[0]).toMatchObject({ connectionId: connection.id, status: 'failed', externalId: null });
  });

  it('lets another user neither see the links nor use the connection or the conversation', async () => {
    const connection = await connect(alice, { name: 'Private desk' });
    const { conversationId } = await askAndFinish(alice, 'Who approves PEP relationships?');
    const created = await call(alice, 'POST', `/integrations/${connection.id}/tickets`, { conversationId });
    expect(created.statusCode).toBe(201);
    const { number } = created.json() as TicketLink;

    const seen = await call(bob, 'GET', `/integrations/tickets?conversationId=${conversationId}`);
    expect(seen.statusCode).toBe(404);
    expect(errorOf(seen).code).toBe('CONVERSATION_NOT_FOUND');
    for (const response of [
      await call(bob, 'POST', `/integrations/${connection.id}/tickets`, { conversationId }),
      await call(bob, 'GET', `/integrations/${connection.id}/tickets/${number}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('INTEGRATION_NOT_FOUND');
    }
    // With his own connection, Alice's conversation is still not his.
    const own = await connect(bob, { name: 'Bob desk' });
    const viaOwn = await call(bob, 'POST', `/integrations/${own.id}/tickets`, { conversationId });
    expect(viaOwn.statusCode).toBe(404);
    expect(errorOf(viaOwn).code).toBe('CONVERSATION_NOT_FOUND');
  });
});

describe('Request Tracker connector against a stand-in that answers 429 (a proxy’s rate limit)', () => {
  it('reports the rate limit with the wait the answer asked for', async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
      response.end(JSON.stringify({ message: 'Too Many Requests' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const outbound = createOutbound({ allowPrivateNetworks: true });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const connector = createRequestTrackerConnector({ url, queue: 'General' }, '1-2-x', outbound);
      await expect(connector.create({ subject: 's', body: 'b' })).rejects.toMatchObject({
        code: 'INTEGRATION_RATE_LIMITED',
        detail: 'Too Many Requests',
        retryAfterMs: 30_000,
      });
    } finally {
      await outbound.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
