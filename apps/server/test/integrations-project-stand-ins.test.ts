import type { CountryListResponse } from '@compliance/shared/countries';
import type { Connection, JournalPage } from '@compliance/shared/integrations';
import type { ImportedTicket, TicketLink, TicketLinkList } from '@compliance/shared/tickets';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationTickets } from '../src/db/schema/index.ts';
import { adfToText, plainTextToAdf, type AdfNode } from '../src/modules/integrations/connectors/jira.ts';
import { startAsanaStandIn, type AsanaStandIn } from './helpers/asana-stand-in.ts';
import { allowPersonalConnections, createTestUser, type TestUser } from './helpers/factories.ts';
import { startJiraStandIn, type JiraStandIn } from './helpers/jira-stand-in.ts';
import { testApi } from './helpers/api.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/uploads.ts';

/**
 * Jira Cloud and Asana (the `tickets` capability) through the app's HTTP API, each against a local server that
 * speaks the product's API for the calls the connector makes (neither can be reached from here).
 */

let app: TestApp;
const { call, errorOf, runJobs, askAndFinish } = testApi(() => app);
let jira: JiraStandIn;
let asana: AsanaStandIn;
let alice: TestUser;
let bob: TestUser;

async function connect(user: TestUser, body: Record<string, unknown>): Promise<Connection> {
  const response = await call(user, 'POST', '/integrations', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Connection;
}

async function connection(user: TestUser, id: string): Promise<Connection> {
  const { connections } = (await call(user, 'GET', '/integrations')).json() as { connections: Connection[] };
  return connections.find((item) => item.id === id)!;
}

/** Makes the stored statuses of a conversation's links old, so the next listing asks the remote again. */
async function makeStale(id: string): Promise<void> {
  await app.db
    .update(integrationTickets)
    .set({ statusCheckedAt: new Date(Date.now() - 60 * 60_000) })
    .where(eq(integrationTickets.id, id));
}

async function firstCountry() {
  const { countries } = (await call(alice, 'GET', '/countries')).json() as CountryListResponse;
  return countries[0]!;
}

/** Every text of an ADF document, in order (to look for words without caring about the nodes). */
function adfTexts(node: AdfNode): string[] {
  return [...(node.text ? [node.text] : []), ...(node.content ?? []).flatMap(adfTexts)];
}

beforeAll(async () => {
  [jira, asana] = await Promise.all([startJiraStandIn(), startAsanaStandIn()]);
  // The stand-ins run on this machine: the private-network guard is lifted here (it is tested on its own).
  app = await createTestApp({
    env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' },
    chat: { offlinePaceMs: 0 },
    integrations: { asanaApiUrl: asana.url },
  });
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
  await jira?.close();
  await asana?.close();
});

describe('Jira connector (Jira Cloud replaced by a local server that speaks its API)', () => {
  const jiraConnection = (overrides: Record<string, unknown> = {}) => ({
    kind: 'jira',
    name: 'Compliance board',
    settings: { url: jira.url, email: jira.email, projectKey: 'comp', issueType: 'Task' },
    secret: jira.token,
    ...overrides,
  });

  it('tests the account and the project, and says which one is wrong', async () => {
    const good = await connect(alice, jiraConnection());
    expect(good).toMatchObject({
      kind: 'jira',
      capability: 'tickets',
      status: 'connected',
      lastError: null,
      target: `${new URL(jira.url).host} · COMP`,
      settings: { projectKey: 'COMP', issueType: 'Task' },
    });
    const badToken = await connect(alice, jiraConnection({ name: 'Bad token', secret: 'ATATT-wrong' }));
    expect(badToken).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_AUTH_FAILED' } });
    const badProject = await connect(
      alice,
      jiraConnection({ name: 'Bad project', settings: { url: jira.url, email: jira.email, projectKey: 'NOPE' } }),
    );
    expect(badProject).toMatchObject({
      status: 'failing',
      lastError: { code: 'INTEGRATION_REMOTE_NOT_FOUND', detail: 'project “NOPE” not found' },
    });
    // The issue type defaults to Task.
    expect(badProject.settings['issueType']).toBe('Task');

    const invalid = await call(alice, 'POST', '/integrations', {
      ...jiraConnection(),
      settings: { url: 'not a url', email: 'officer', projectKey: '12-x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).fields).toMatchObject({
      'settings.url': 'integrations:validation.urlInvalid',
      'settings.email': 'integrations:validation.emailInvalid',
      'settings.projectKey': 'integrations:validation.projectKeyInvalid',
    });
  });

  it('turns a conversation into an issue whose description is ADF with the numbered sources as a list', async () => {
    const board = await connect(alice, jiraConnection({ name: 'Ticket board' }));
    const question = 'Who must approve a relationship with a politically exposed person?';
    const { conversationId } = await askAndFinish(alice, question);

    const response = await call(alice, 'POST', `/integrations/${board.id}/tickets`, { conversationId });
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json() as TicketLink;
    const issue = jira.issues.get(String(link.number))!;
    expect(link).toMatchObject({
      kind: 'ticket',
      conversationId,
      title: question,
      status: 'To Do',
      reference: issue.key,
      url: `${jira.url}/browse/${issue.key}`,
    });
    expect(issue).toMatchObject({ summary: question, issueType: 'Task', assigneeAccountId: null, duedate: null });

    const description = issue.description as AdfNode;
    expect(description).toMatchObject({ type: 'doc', version: 1 });
    const blocks = description.content!;
    expect(blocks.every((block) => ['paragraph', 'orderedList'].includes(block.type))).toBe(true);
    expect(adfTexts(description).join(' ')).toContain('Senior management must approve');
    const sources = blocks.find((block) => block.type === 'orderedList')!;
    expect(sources.attrs).toEqual({ order: 1 });
    expect(adfTexts(sources.content![0]!).join('')).toMatch(/^edd-guideline\.txt/);
    // Never markup: the answer's text is text nodes only.
    expect(JSON.stringify(description)).not.toMatch(/<\/?[a-z]+[ >]/i);

    const journal = (await call(alice, 'GET', '/integrations/journal')).json() as JournalPage;
    expect(journal.entries[0]).toMatchObject({
      kind: 'jira',
      status: 'sent',
      externalId: issue.key,
      destination: `${new URL(jira.url).host} · COMP`,
    });

    // The status shown follows Jira's once the stored one is stale.
    issue.status = 'Done';
    await makeStale(link.id);
    const listed = (
      await call(alice, 'GET', `/integrations/tickets?conversationId=${conversationId}`)
    ).json() as TicketLinkList;
    expect(listed.tickets).toEqual([expect.objectContaining({ id: link.id, reference: issue.key, status: 'Done' })]);
  });

  it('creates tasks with a due date and an assignee from an answer and from a FATF country page', async () => {
    const board = await connect(alice, jiraConnection({ name: 'Task board' }));
    const { conversationId, messageId } = await askAndFinish(alice, 'Which clients need enhanced due diligence?');
    const fromAnswer = await call(alice, 'POST', `/integrations/${board.id}/tasks`, {
      title: 'Review PEP clients',
      description: 'Check every PEP relationship for senior management approval [1].',
      due: '2027-01-15',
      owner: 'mia@example.com',
      conversationId,
      messageId,
    });
    expect(fromAnswer.statusCode, fromAnswer.body).toBe(201);
    const task = fromAnswer.json() as TicketLink;
    expect(task).toMatchObject({ kind: 'task', owner: 'Mia Analyst', due: '2027-01-15', conversationId });
    const issue = jira.issues.get(String(task.number))!;
    expect(issue).toMatchObject({
      summary: 'Review PEP clients',
      duedate: '2027-01-15',
      assigneeAccountId: jira.users.find((user) => user.emailAddress === 'mia@example.com')!.accountId,
    });
    expect(adfToText(issue.description as AdfNode)).toMatch(
      /^Check every PEP relationship for senior management approval \[1\]\.\n\n1\. edd-guideline\.txt/,
    );

    const country = await firstCountry();
    const fromCountry = await call(alice, 'POST', `/integrations/${board.id}/tasks`, {
      title: `Review clients from ${country.names.en}`,
      due: '2027-02-01',
      owner: jira.email,
      country: country.iso2,
    });
    expect(fromCountry.statusCode, fromCountry.body).toBe(201);
    const countryTask = fromCountry.json() as TicketLink;
    expect(countryTask).toMatchObject({ kind: 'task', country: country.iso2, owner: 'Olivia Officer' });
    expect(JSON.stringify(jira.issues.get(String(countryTask.number))!.description)).toContain(
      `/fatf/countries/${country.iso2}`,
    );
    const listed = (await call(alice, 'GET', `/integrations/tickets?country=${country.iso2}`)).json() as TicketLinkList;
    expect(listed.tickets.map((ticket) => ticket.reference)).toEqual([countryTask.reference]);

    // An assignee Jira does not know: the translated error, nothing created, the connection still fine.
    const before = jira.issues.size;
    const unknown = await call(alice, 'POST', `/integrations/${board.id}/tasks`, {
      title: 'x',
      owner: 'nobody@example.com',
      country: country.iso2,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('INTEGRATION_ASSIGNEE_NOT_FOUND');
    expect(jira.issues.size).toBe(before);
    expect((await connection(alice, board.id)).status).toBe('connected');
  });

  it('reads an issue’s question for a new conversation, by key or by id', async () => {
    const board = await connect(alice, jiraConnection({ name: 'Import board' }));
    const made = jira.addIssue({
      summary: 'PEP onboarding',
      description: plainTextToAdf(
        'Do we need senior management approval to onboard a foreign PEP?\nThe client is a minister’s spouse.\n\n' +
          '[1] Policy — https://intranet.example.com/pep',
      ),
    });
    const expected: ImportedTicket = {
      number: Number(made.id),
      subject: 'PEP onboarding',
      question:
        'Do we need senior management approval to onboard a foreign PEP?\nThe client is a minister’s spouse.\n\n' +
        '1. Policy — https://intranet.example.com/pep',
      url: `${jira.url}/browse/${made.key}`,
    };
    for (const identifier of [made.key, made.key.toLowerCase(), made.id]) {
      const response = await call(alice, 'GET', `/integrations/${board.id}/tickets/${identifier}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(expected);
    }

    const missing = await call(alice, 'GET', `/integrations/${board.id}/tickets/COMP-999`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('INTEGRATION_REMOTE_NOT_FOUND');
  });

  it('waits out a short rate limit, and reports a long one with the translated error', async () => {
    const board = await connect(alice, jiraConnection({ name: 'Busy board' }));
    const { conversationId } = await askAndFinish(alice, 'Is a PEP always high risk?');

    jira.rateLimitNext(1, 0);
    const waited = await call(alice, 'POST', `/integrations/${board.id}/tickets`, { conversationId });
    expect(waited.statusCode, waited.body).toBe(201);

    jira.rateLimitNext(10, 120);
    const before = jira.issues.size;
    const limited = await call(alice, 'POST', `/integrations/${board.id}/tickets`, { conversationId });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toMatchObject({ code: 'INTEGRATION_RATE_LIMITED', message: 'Rate limit exceeded.' });
    expect(jira.issues.size).toBe(before);
    jira.rateLimitNext(0, 0);
    const journal = (await call(alice, 'GET', '/integrations/journal')).json() as JournalPage;
    expect(journal.entries[0]).toMatchObject({ connectionId: board.id, status: 'failed', externalId: null });
  });

  it('refuses a revoked token with the translated auth error and links nothing', async () => {
    const board = await connect(alice, jiraConnection({ name: 'Revoked board', secret: 'ATATT-revoked' }));
    const { conversationId } = await askAndFinish(alice, 'Who approves PEP relationships?');
    const response = await call(alice, 'POST', `/integrations/${board.id}/tickets`, { conversationId });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response).code).toBe('INTEGRATION_AUTH_FAILED');
    const links = (
      await call(alice, 'GET', `/integrations/tickets?conversationId=${conversationId}`)
    ).json() as TicketLinkList;
    expect(links.tickets).toEqual([]);
  });

  it('lets another user neither see the links nor use the connection', async () => {
    const board = await connect(alice, jiraConnection({ name: 'Private board' }));
    const { conversationId } = await askAndFinish(alice, 'Who approves PEP relationships?');
    const created = await call(alice, 'POST', `/integrations/${board.id}/tickets`, { conversationId });
    expect(created.statusCode).toBe(201);
    const { reference } = created.json() as TicketLink;

    const seen = await call(bob, 'GET', `/integrations/tickets?conversationId=${conversationId}`);
    expect(seen.statusCode).toBe(404);
    expect(errorOf(seen).code).toBe('CONVERSATION_NOT_FOUND');
    const before = jira.issues.size;
    for (const response of [
      await call(bob, 'POST', `/integrations/${board.id}/tickets`, { conversationId }),
      await call(bob, 'POST', `/integrations/${board.id}/tasks`, { title: 'x', country: (await firstCountry()).iso2 }),
      await call(bob, 'GET', `/integrations/${board.id}/tickets/${reference}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('INTEGRATION_NOT_FOUND');
    }
    expect(jira.issues.size).toBe(before);
  });
});

describe('Asana connector (Asana replaced by a local server that speaks its API)', () => {
  const asanaConnection = (overrides: Record<string, unknown> = {}) => ({
    kind: 'asana',
    name: 'Compliance tasks',
    settings: { projectGid: asana.projectGid },
    secret: asana.token,
    ...overrides,
  });

  it('tests the token and the project, and says which one is wrong', async () => {
    const good = await connect(
      alice,
      asanaConnection({ settings: { projectGid: asana.projectGid, workspaceGid: asana.workspaceGid } }),
    );
    expect(good).toMatchObject({ kind: 'asana', capability: 'tickets', status: 'connected', lastError: null });
    expect(asana.requests).toEqual(expect.arrayContaining(['GET /api/1.0/users/me']));

    const badToken = await connect(alice, asanaConnection({ name: 'Bad token', secret: '2/1/wrong' }));
    expect(badToken).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_AUTH_FAILED' } });
    const badProject = await connect(alice, asanaConnection({ name: 'Bad project', settings: { projectGid: '1' } }));
    expect(badProject).toMatchObject({
      status: 'failing',
      lastError: { code: 'INTEGRATION_REMOTE_NOT_FOUND', detail: 'project 1 not found' },
    });
    const otherWorkspace = await connect(
      alice,
      asanaConnection({ name: 'Other workspace', settings: { projectGid: asana.projectGid, workspaceGid: '42' } }),
    );
    expect(otherWorkspace.lastError?.code).toBe('INTEGRATION_REMOTE_NOT_FOUND');

    const invalid = await call(alice, 'POST', '/integrations', {
      ...asanaConnection(),
      settings: { projectGid: 'app.asana.com/0/12' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).fields).toMatchObject({ 'settings.projectGid': 'integrations:validation.asanaGidInvalid' });
  });

  it('turns a conversation into a task with its 16-digit gid kept exactly, and shows it completed', async () => {
    const tasks = await connect(alice, asanaConnection({ name: 'Ticket tasks' }));
    const question = 'When is enhanced due diligence required?';
    const { conversationId } = await askAndFinish(alice, question);
    const response = await call(alice, 'POST', `/integrations/${tasks.id}/tickets`, { conversationId });
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json() as TicketLink;
    const task = [...asana.tasks.values()].at(-1)!;
    expect(task.gid).toHaveLength(16);
    expect(String(link.number)).toBe(task.gid);
    expect(link).toMatchObject({ kind: 'ticket', reference: null, status: 'open', title: question });
    expect(link.url).toBe(`https://app.asana.com/1/${asana.workspaceGid}/project/${asana.projectGid}/task/${task.gid}`);
    expect(task).toMatchObject({ name: question, projects: [asana.projectGid], assigneeGid: null, due_on: null });
    expect(task.notes).toContain('Enhanced due diligence applies');
    expect(task.notes).toMatch(/^\[1\] edd-guideline\.txt/m);

    const journal = (await call(alice, 'GET', '/integrations/journal')).json() as JournalPage;
    expect(journal.entries[0]).toMatchObject({ kind: 'asana', status: 'sent', externalId: task.gid });

    // Stored as bigint and read back as the same number.
    const [row] = await app.db.select().from(integrationTickets).where(eq(integrationTickets.id, link.id));
    expect(row!.number).toBe(Number(task.gid));

    task.completed = true;
    await makeStale(link.id);
    const listed = (
      await call(alice, 'GET', `/integrations/tickets?conversationId=${conversationId}`)
    ).json() as TicketLinkList;
    expect(listed.tickets).toEqual([
      expect.objectContaining({ id: link.id, number: link.number, status: 'completed' }),
    ]);
  });

  it('creates tasks with a due date and an assignee by e-mail from an answer and from a FATF country page', async () => {
    const tasks = await connect(alice, asanaConnection({ name: 'Task list' }));
    const { conversationId } = await askAndFinish(alice, 'Which clients need enhanced due diligence?');
    const fromAnswer = await call(alice, 'POST', `/integrations/${tasks.id}/tasks`, {
      title: 'Review PEP clients',
      description: 'Check every PEP relationship [1].',
      due: '2027-01-15',
      owner: 'mia@example.com',
      conversationId,
    });
    expect(fromAnswer.statusCode, fromAnswer.body).toBe(201);
    const task = fromAnswer.json() as TicketLink;
    expect(task).toMatchObject({ kind: 'task', owner: 'Mia Analyst', due: '2027-01-15', status: 'open' });
    expect(asana.tasks.get(String(task.number))).toMatchObject({
      name: 'Review PEP clients',
      due_on: '2027-01-15',
      assigneeGid: asana.users.find((user) => user.email === 'mia@example.com')!.gid,
    });

    const country = await firstCountry();
    const fromCountry = await call(alice, 'POST', `/integrations/${tasks.id}/tasks`, {
      title: `Review clients from ${country.names.en}`,
      due: '2027-02-01',
      country: country.iso2,
    });
    expect(fromCountry.statusCode, fromCountry.body).toBe(201);
    const countryTask = fromCountry.json() as TicketLink;
    expect(countryTask).toMatchObject({ kind: 'task', country: country.iso2, owner: null, due: '2027-02-01' });
    expect(asana.tasks.get(String(countryTask.number))!.notes).toContain(`/fatf/countries/${country.iso2}`);

    const before = asana.tasks.size;
    const unknown = await call(alice, 'POST', `/integrations/${tasks.id}/tasks`, {
      title: 'x',
      owner: 'nobody@example.com',
      country: country.iso2,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('INTEGRATION_ASSIGNEE_NOT_FOUND');
    expect(asana.tasks.size).toBe(before);
    expect((await connection(alice, tasks.id)).status).toBe('connected');
  });

  it('reads a task’s question for a new conversation', async () => {
    const tasks = await connect(alice, asanaConnection({ name: 'Import tasks' }));
    const made = asana.addTask({
      name: 'PEP onboarding',
      notes: 'Do we need senior management approval to onboard a foreign PEP?\r\nThe client is a minister’s spouse.',
    });
    const response = await call(alice, 'GET', `/integrations/${tasks.id}/tickets/${made.gid}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      number: Number(made.gid),
      subject: 'PEP onboarding',
      question: 'Do we need senior management approval to onboard a foreign PEP?\nThe client is a minister’s spouse.',
    });

    const missing = await call(alice, 'GET', `/integrations/${tasks.id}/tickets/1208765432999999`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('INTEGRATION_REMOTE_NOT_FOUND');
    // Asana has no labels besides the gid.
    const byKey = await call(alice, 'GET', `/integrations/${tasks.id}/tickets/COMP-1`);
    expect(byKey.statusCode).toBe(404);
    expect(errorOf(byKey).code).toBe('INTEGRATION_REMOTE_NOT_FOUND');
  });

  it('waits out a short rate limit, reports a long one, and refuses a revoked token', async () => {
    const tasks = await connect(alice, asanaConnection({ name: 'Busy tasks' }));
    const { conversationId } = await askAndFinish(alice, 'Is a PEP always high risk?');
    asana.rateLimitNext(1, 0);
    const waited = await call(alice, 'POST', `/integrations/${tasks.id}/tickets`, { conversationId });
    expect(waited.statusCode, waited.body).toBe(201);

    asana.rateLimitNext(10, 90);
    const limited = await call(alice, 'POST', `/integrations/${tasks.id}/tickets`, { conversationId });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('INTEGRATION_RATE_LIMITED');
    asana.rateLimitNext(0, 0);

    const revoked = await connect(alice, asanaConnection({ name: 'Revoked tasks', secret: '2/1/revoked' }));
    const refused = await call(alice, 'POST', `/integrations/${revoked.id}/tickets`, { conversationId });
    expect(refused.statusCode).toBe(502);
    expect(errorOf(refused).code).toBe('INTEGRATION_AUTH_FAILED');
  });

  it('lets another user neither see the links nor use the connection', async () => {
    const tasks = await connect(alice, asanaConnection({ name: 'Private tasks' }));
    const { conversationId } = await askAndFinish(alice, 'Who approves PEP relationships?');
    const created = await call(alice, 'POST', `/integrations/${tasks.id}/tickets`, { conversationId });
    expect(created.statusCode).toBe(201);
    const { number } = created.json() as TicketLink;
    const seen = await call(bob, 'GET', `/integrations/tickets?conversationId=${conversationId}`);
    expect(errorOf(seen).code).toBe('CONVERSATION_NOT_FOUND');
    for (const response of [
      await call(bob, 'POST', `/integrations/${tasks.id}/tickets`, { conversationId }),
      await call(bob, 'GET', `/integrations/${tasks.id}/tickets/${number}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('INTEGRATION_NOT_FOUND');
    }
  });
});

describe('ticket numbers after migration 0019 (bigint number, optional reference)', () => {
  it('keeps a Request Tracker link’s number as the number it is, without a reference', async () => {
    const { rows } = (await app.db.execute(
      sql`SELECT data_type FROM information_schema.columns WHERE table_name = 'integration_tickets' AND column_name = 'number'`,
    )) as unknown as { rows: { data_type: string }[] };
    expect(rows[0]?.data_type).toBe('bigint');

    // An RT connection whose server is not there: the link below is what an earlier ticket left.
    const desk = await connect(alice, {
      kind: 'requesttracker',
      name: 'Old desk',
      settings: { url: 'http://127.0.0.1:9/', queue: 'General' },
      secret: '1-14-0000',
    });
    const { conversationId } = await askAndFinish(alice, 'What is a PEP?');
    await app.db.insert(integrationTickets).values({
      kind: 'ticket',
      userId: alice.user.id,
      connectionId: desk.id,
      connectionName: desk.name,
      conversationId,
      number: 4711,
      title: 'What is a PEP?',
      url: 'http://127.0.0.1:9/Ticket/Display.html?id=4711',
      status: 'open',
    });
    const listed = (
      await call(alice, 'GET', `/integrations/tickets?conversationId=${conversationId}`)
    ).json() as TicketLinkList;
    expect(listed.tickets).toEqual([expect.objectContaining({ number: 4711, reference: null, status: 'open' })]);
  });
});
