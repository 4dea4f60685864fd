import type { CountryListResponse } from '@compliance/shared/countries';
import type { Connection, JournalPage } from '@compliance/shared/integrations';
import type { ImportedTicket, TicketLink, TicketLinkList } from '@compliance/shared/tickets';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationTickets } from '../src/db/schema/index.ts';
import type { TicketConnector } from '../src/modules/integrations/connectors/connector.ts';
import { createFreshdeskConnector } from '../src/modules/integrations/connectors/freshdesk.ts';
import { createZendeskConnector } from '../src/modules/integrations/connectors/zendesk.ts';
import { createOutbound, type Outbound } from '../src/modules/integrations/outbound.ts';
import { allowPersonalConnections, createTestUser, type TestUser } from './helpers/factories.ts';
import { startFreshdeskStandIn, type FreshdeskStandIn } from './helpers/freshdesk-stand-in.ts';
import { testApi } from './helpers/api.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';
import { startZendeskStandIn, type ZendeskStandIn } from './helpers/zendesk-stand-in.ts';

/**
 * Zendesk and Freshdesk tickets and tasks (issue 17), driven through the app's HTTP API like the Request Tracker
 * test. Neither product can be reached from here: each is replaced by a local server that speaks the calls of
 * its REST API v2 the connector makes (helpers/zendesk-stand-in.ts, helpers/freshdesk-stand-in.ts).
 */

let app: TestApp;
const { call, errorOf, askAndFinish } = testApi(() => app);
let outbound: Outbound;
let alice: TestUser;
let bob: TestUser;

async function connectionOf(user: TestUser, id: string): Promise<Connection> {
  const { connections } = (await call(user, 'GET', '/integrations')).json() as { connections: Connection[] };
  return connections.find((connection) => connection.id === id)!;
}

beforeAll(async () => {
  outbound = createOutbound({ allowPrivateNetworks: true });
  // The stand-ins run on this machine: the private-network guard is lifted here (it is tested on its own).
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
  for (let round = 0; round < 20 && (await app.jobs.runDueJobs()) > 0; round += 1);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await outbound?.close();
});

/** What a help desk holds, read the same way for both products. */
interface RemoteState {
  subject: string;
  /** The ticket's first message as plain text. */
  text: string;
  /** The status as the interface shows it. */
  status: string;
  due: string | null;
  assignee: string | null;
}

/** One product under test: its stand-in, and how the test reads and changes what it holds. */
interface Desk {
  kind: 'zendesk' | 'freshdesk';
  settings: Record<string, unknown>;
  secret: string;
  host: string;
  /** An agent a task may be assigned to. */
  agent: string;
  /** The status word a new ticket shows, and the one of a ticket solved in the product. */
  newStatus: string;
  solvedStatus: string;
  connector(secret?: string): TicketConnector;
  remote(number: number): RemoteState;
  solve(number: number): void;
  /** A ticket a customer raised in the product; its number. */
  raise(subject: string, text: string): number;
  ticketUrl(number: number): string;
  ticketCount(): number;
  rateLimitNext(count: number, seconds: number): void;
  close(): Promise<void>;
}

async function startZendesk(): Promise<Desk & { standIn: ZendeskStandIn }> {
  const standIn = await startZendeskStandIn();
  const agent = standIn.addUser({ name: 'Compliance Officer', email: 'officer@example.com', role: 'agent' });
  const settings = { url: standIn.url, email: standIn.email };
  return {
    standIn,
    kind: 'zendesk',
    settings,
    secret: standIn.token,
    host: new URL(standIn.url).host,
    agent: agent.email,
    newStatus: 'new',
    solvedStatus: 'solved',
    connector: (secret = standIn.token) => createZendeskConnector(settings, secret, outbound),
    remote(number) {
      const ticket = standIn.ticket(number)!;
      return {
        subject: ticket.subject,
        text: ticket.comments[0]!.body,
        status: ticket.status,
        due: ticket.due_at?.slice(0, 10) ?? null,
        assignee: ticket.assignee_id === agent.id ? agent.email : ticket.assignee_id === null ? null : 'someone else',
      };
    },
    solve: (number) => void (standIn.ticket(number)!.status = 'solved'),
    raise: (subject, text) => standIn.addTicket(subject, text).id,
    ticketUrl: (number) => `${standIn.url}/agent/tickets/${number}`,
    ticketCount: () => standIn.ticketCount(),
    rateLimitNext: (count, seconds) => standIn.rateLimitNext(count, seconds),
    close: () => standIn.close(),
  };
}

async function startFreshdesk(): Promise<Desk & { standIn: FreshdeskStandIn }> {
  const standIn = await startFreshdeskStandIn();
  const agent = standIn.addAgent('officer@example.com', 'Compliance Officer');
  const settings = { url: standIn.url };
  const words: Record<number, string> = { 2: 'open', 3: 'pending', 4: 'resolved', 5: 'closed' };
  return {
    standIn,
    kind: 'freshdesk',
    settings,
    secret: standIn.apiKey,
    host: new URL(standIn.url).host,
    agent: agent.contact.email,
    newStatus: 'open',
    solvedStatus: 'resolved',
    connector: (secret = standIn.apiKey) => createFreshdeskConnector(settings, secret, outbound),
    remote(number) {
      const ticket = standIn.ticket(number)!;
      return {
        subject: ticket.subject,
        text: ticket.description_text,
        status: words[ticket.status]!,
        due: ticket.due_by.slice(0, 10),
        assignee: ticket.responder_id === agent.id ? agent.contact.email : ticket.responder_id === null ? null : 'x',
      };
    },
    solve: (number) => void (standIn.ticket(number)!.status = 4),
    raise: (subject, text) => standIn.addTicket(subject, `<div>${text.replaceAll('\n', '<br>')}</div>`).id,
    ticketUrl: (number) => `${standIn.url}/a/tickets/${number}`,
    ticketCount: () => standIn.ticketCount(),
    rateLimitNext: (count, seconds) => standIn.rateLimitNext(count, seconds),
    close: () => standIn.close(),
  };
}

describe.each([
  { product: 'Zendesk', start: startZendesk },
  { product: 'Freshdesk', start: startFreshdesk },
])('$product tickets and tasks ($product replaced by a local server that speaks its API)', ({ product, start }) => {
  let desk: Desk;

  beforeAll(async () => {
    desk = await start();
  });

  afterAll(async () => {
    await desk?.close();
  });

  async function connect(user: TestUser, overrides: Record<string, unknown> = {}): Promise<Connection> {
    const response = await call(user, 'POST', '/integrations', {
      kind: desk.kind,
      name: `${product} desk`,
      settings: desk.settings,
      secret: desk.secret,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Connection;
  }

  it('checks the credentials, and maps the product’s refusals to connector errors', async () => {
    await desk.connector().check();
    expect(desk.connector().describe()).toBe(desk.host);
    await expect(desk.connector('wrong-token').check()).rejects.toMatchObject({ code: 'INTEGRATION_AUTH_FAILED' });
    await expect(desk.connector().get(999_999)).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
      detail: 'ticket 999999 not found',
    });
    // The connection's test, through the API: a good one is connected, a bad one failing with the reason.
    const good = await connect(alice, { name: `${product} checked` });
    expect(good).toMatchObject({ kind: desk.kind, capability: 'tickets', status: 'connected', target: desk.host });
    const bad = await connect(alice, { name: `${product} refused`, secret: 'wrong-token' });
    expect(bad).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_AUTH_FAILED' } });
    const retested = await call(alice, 'POST', `/integrations/${good.id}/test`);
    expect(retested.statusCode, retested.body).toBe(200);
    expect(retested.json()).toMatchObject({ ok: true });
  });

  it('turns a conversation into a ticket with the answer’s numbered sources, journalled and linked', async () => {
    const connection = await connect(alice, { name: `${product} tickets` });
    const question = 'Who must approve a relationship with a politically exposed person?';
    const { conversationId, messageId } = await askAndFinish(alice, question);

    const response = await call(alice, 'POST', `/integrations/${connection.id}/tickets`, { conversationId });
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json() as TicketLink;
    expect(link).toMatchObject({ kind: 'ticket', conversationId, status: desk.newStatus, title: question });
    expect(link.url).toBe(desk.ticketUrl(link.number));

    const remote = desk.remote(link.number);
    expect(remote).toMatchObject({ subject: question, status: desk.newStatus, assignee: null });
    expect(remote.text).toContain('Senior management must approve');
    expect(remote.text).toMatch(/\[1\]/);
    expect(remote.text).toMatch(/^\[1\] edd-guideline\.txt/m);
    expect(remote.text).toContain('Shared by Test User');

    const journal = (await call(alice, 'GET', '/integrations/journal')).json() as JournalPage;
    expect(journal.entries[0]).toMatchObject({
      kind: desk.kind,
      status: 'sent',
      externalId: String(link.number),
      destination: desk.host,
    });

    const named = await call(alice, 'POST', `/integrations/${connection.id}/tickets`, { conversationId, messageId });
    expect(named.statusCode, named.body).toBe(201);
    const listed = (
      await call(alice, 'GET', `/integrations/tickets?conversationId=${conversationId}`)
    ).json() as TicketLinkList;
    expect(listed.tickets).toHaveLength(2);
  });

  it('shows a status changed in the product in the conversation once the stored one is stale', async () => {
    const connection = await connect(alice, { name: `${product} statuses` });
    const { conversationId } = await askAndFinish(alice, 'When is enhanced due diligence required?');
    const created = (
      await call(alice, 'POST', `/integrations/${connection.id}/tickets`, { conversationId })
    ).json() as TicketLink;
    desk.solve(created.number);

    const fresh = (
      await call(alice, 'GET', `/integrations/tickets?conversationId=${conversationId}`)
    ).json() as TicketLinkList;
    expect(fresh.tickets.map((ticket) => ticket.status)).toEqual([desk.newStatus]);
    await app.db
      .update(integrationTickets)
      .set({ statusCheckedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(integrationTickets.id, created.id));
    const refreshed = (
      await call(alice, 'GET', `/integrations/tickets?conversationId=${conversationId}`)
    ).json() as TicketLinkList;
    expect(refreshed.tickets).toEqual([
      expect.objectContaining({ id: created.id, number: created.number, status: desk.solvedStatus }),
    ]);
  });

  it('reads a ticket’s question for a new conversation', async () => {
    const connection = await connect(alice, { name: `${product} import` });
    const number = desk.raise(
      'PEP onboarding',
      'Do we need senior management approval to onboard a foreign PEP?\nThe client is a minister’s spouse.',
    );
    const response = await call(alice, 'GET', `/integrations/${connection.id}/tickets/${number}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json() as ImportedTicket).toEqual({
      number,
      subject: 'PEP onboarding',
      question: 'Do we need senior management approval to onboard a foreign PEP?\nThe client is a minister’s spouse.',
      url: desk.ticketUrl(number),
    });

    const missing = await call(alice, 'GET', `/integrations/${connection.id}/tickets/999999`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('INTEGRATION_REMOTE_NOT_FOUND');
  });

  it('creates tasks with a due date and an assignee from an answer and from a FATF country', async () => {
    const connection = await connect(alice, { name: `${product} tasks` });
    const { conversationId, messageId } = await askAndFinish(alice, 'Which clients need enhanced due diligence?');
    const fromAnswer = await call(alice, 'POST', `/integrations/${connection.id}/tasks`, {
      title: 'Review PEP clients',
      description: 'Check every PEP relationship for senior management approval [1].',
      due: '2027-01-15',
      owner: desk.agent.toUpperCase(),
      conversationId,
      messageId,
    });
    expect(fromAnswer.statusCode, fromAnswer.body).toBe(201);
    const task = fromAnswer.json() as TicketLink;
    expect(task).toMatchObject({ kind: 'task', owner: desk.agent, due: '2027-01-15', conversationId });
    const remote = desk.remote(task.number);
    expect(remote).toMatchObject({ subject: 'Review PEP clients', due: '2027-01-15', assignee: desk.agent });
    expect(remote.text).toContain('Check every PEP relationship');
    expect(remote.text).toMatch(/^\[1\] edd-guideline\.txt/m);

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
    expect(desk.remote(countryTask.number).text).toContain(`/fatf/countries/${country.iso2}`);
    const listed = (await call(alice, 'GET', `/integrations/tickets?country=${country.iso2}`)).json() as TicketLinkList;
    expect(listed.tickets.map((ticket) => ticket.id)).toContain(countryTask.id);
  });

  it('refuses an assignee who is not an agent with its own translated error, creating nothing', async () => {
    const connection = await connect(alice, { name: `${product} unknown assignee` });
    const { countries } = (await call(alice, 'GET', '/countries')).json() as CountryListResponse;
    const before = desk.ticketCount();
    const unknown = await call(alice, 'POST', `/integrations/${connection.id}/tasks`, {
      title: 'Review PEP clients',
      owner: 'nobody@example.com',
      country: countries[0]!.iso2,
    });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(errorOf(unknown).code).toBe('INTEGRATION_ASSIGNEE_NOT_FOUND');
    expect(desk.ticketCount()).toBe(before);
    // The user's mistake leaves the connection working.
    expect((await connectionOf(alice, connection.id)).status).toBe('connected');
  });

  it('refuses a bad token with the translated auth error and links nothing', async () => {
    const connection = await connect(alice, { name: `${product} broken`, secret: 'wrong-token' });
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
    expect(journal.entries[0]).toMatchObject({ connectionId: connection.id, status: 'failed', externalId: null });
  });

  it('waits out a 429 with a short Retry-After, and reports a long one as rate limited', async () => {
    const connection = await connect(alice, { name: `${product} busy` });
    const { conversationId } = await askAndFinish(alice, 'Who approves PEP relationships?');
    desk.rateLimitNext(1, 0);
    const waited = await call(alice, 'POST', `/integrations/${connection.id}/tickets`, { conversationId });
    expect(waited.statusCode, waited.body).toBe(201);

    const before = desk.ticketCount();
    desk.rateLimitNext(3, 120);
    const limited = await call(alice, 'POST', `/integrations/${connection.id}/tickets`, { conversationId });
    expect(limited.statusCode, limited.body).toBe(429);
    expect(errorOf(limited).code).toBe('INTEGRATION_RATE_LIMITED');
    expect(desk.ticketCount()).toBe(before);
    desk.rateLimitNext(1, 120);
    await expect(desk.connector().check()).rejects.toMatchObject({
      code: 'INTEGRATION_RATE_LIMITED',
      retryAfterMs: 120_000,
    });
  });

  it('lets another user neither see the links nor use the connection or the conversation', async () => {
    const connection = await connect(alice, { name: `${product} private` });
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
      await call(bob, 'POST', `/integrations/${connection.id}/tasks`, { title: 'x', country: 'ir' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('INTEGRATION_NOT_FOUND');
    }
    const own = await connect(bob, { name: `${product} Bob` });
    const viaOwn = await call(bob, 'POST', `/integrations/${own.id}/tickets`, { conversationId });
    expect(viaOwn.statusCode).toBe(404);
    expect(errorOf(viaOwn).code).toBe('CONVERSATION_NOT_FOUND');
  });
});

describe('Zendesk specifics (Zendesk replaced by a local server that speaks its API)', () => {
  let zendesk: Awaited<ReturnType<typeof startZendesk>>;

  beforeAll(async () => {
    zendesk = await startZendesk();
  });

  afterAll(async () => {
    await zendesk?.close();
  });

  it('makes a task a ticket of type task with due_at, signs in as email/token, and keeps text as plain text', async () => {
    const connector = zendesk.connector();
    const task = await connector.create({
      subject: 'Review <b>PEP</b> clients',
      body: 'Check <script>alert(1)</script> & report.',
      due: '2027-03-31',
      owner: zendesk.agent,
    });
    const stored = zendesk.standIn.ticket(task.number)!;
    expect(stored).toMatchObject({ type: 'task', due_at: '2027-03-31T12:00:00Z', status: 'open' });
    // Sent as the plain-text body: Zendesk escapes it into its HTML.
    expect(stored.comments[0]!.body).toBe('Check <script>alert(1)</script> & report.');
    expect(stored.comments[0]!.html_body).toContain('Check &lt;script&gt;alert(1)&lt;/script&gt; &amp; report.');
    expect(task).toMatchObject({ subject: 'Review <b>PEP</b> clients', owner: zendesk.agent, due: '2027-03-31' });

    const ticket = await connector.create({ subject: 'A question', body: 'Text' });
    expect(zendesk.standIn.ticket(ticket.number)).toMatchObject({ type: null, due_at: null, assignee_id: null });
    expect(zendesk.standIn.requests).toContain(
      `GET /api/v2/users/search.json?query=${encodeURIComponent(zendesk.agent)}`,
    );
  });

  it('does not assign a task to an end user', async () => {
    await expect(
      zendesk.connector().create({ subject: 's', body: 'b', owner: 'customer@example.com' }),
    ).rejects.toMatchObject({ code: 'INTEGRATION_ASSIGNEE_NOT_FOUND' });
  });
});

describe('Freshdesk specifics (Freshdesk replaced by a local server that speaks its API)', () => {
  let freshdesk: Awaited<ReturnType<typeof startFreshdesk>>;

  beforeAll(async () => {
    freshdesk = await startFreshdesk();
  });

  afterAll(async () => {
    await freshdesk?.close();
  });

  it('sends the text as escaped HTML with its line breaks, due_by and the responder', async () => {
    const task = await freshdesk.connector().create({
      subject: 'Review PEP clients',
      body: 'Check <img src=x onerror=alert(1)> & "AML"\nline two',
      due: '2027-03-31',
      owner: freshdesk.agent,
    });
    const stored = freshdesk.standIn.ticket(task.number)!;
    expect(stored.description).toBe(
      '<div>Check &lt;img src=x onerror=alert(1)&gt; &amp; &quot;AML&quot;<br>line two</div>',
    );
    expect(stored.description_text).toBe('Check <img src=x onerror=alert(1)> & "AML"\nline two');
    expect(stored).toMatchObject({
      due_by: '2027-03-31T12:00:00Z',
      status: 2,
      requester_email: freshdesk.standIn.email,
    });
    expect(task).toMatchObject({ status: 'open', owner: freshdesk.agent, due: '2027-03-31' });
  });

  it('shows Freshdesk’s status numbers as words (a custom status by its number)', async () => {
    const connector = freshdesk.connector();
    const { number } = await connector.create({ subject: 'Status words', body: 'b' });
    const statuses: string[] = [];
    for (const status of [3, 4, 5, 7]) {
      freshdesk.standIn.ticket(number)!.status = status;
      statuses.push((await connector.get(number)).status);
    }
    expect(statuses).toEqual(['pending', 'resolved', 'closed', 'status 7']);
  });
});
