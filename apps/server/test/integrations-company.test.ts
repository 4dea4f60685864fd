import type { Connection, ConnectionList, JournalEntry, JournalPage } from '@compliance/shared/integrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers } from '../src/db/schema/index.ts';
import { allowPersonalConnections, createTestUser, type TestUser } from './helpers/factories.ts';
import { startJiraStandIn, type JiraStandIn } from './helpers/jira-stand-in.ts';
import { startTeamsWebhookStandIn } from './helpers/teams-webhook-stand-in.ts';
import { testApi } from './helpers/api.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Company connections (issue 17): set up by a company's admins, used by its members, invisible to
 * everyone else; and the company journal of every message its members send. Teams (a Workflows
 * webhook) and Jira Cloud are replaced by local servers that speak their APIs (the stand-ins).
 */

type TeamsStandIn = Awaited<ReturnType<typeof startTeamsWebhookStandIn>>;

let app: TestApp;
const { call, errorOf, askAndFinish } = testApi(() => app);
let teams: TeamsStandIn;
let jira: JiraStandIn;
/** The company's admin, a member, and someone outside the company (an admin of the app, even). */
let anna: TestUser;
let max: TestUser;
let olga: TestUser;
let companyId: string;

beforeAll(async () => {
  [teams, jira] = await Promise.all([startTeamsWebhookStandIn(), startJiraStandIn()]);
  app = await createTestApp({ env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' }, chat: { offlinePaceMs: 0 } });
  await allowPersonalConnections(app, 5);
  [anna, max, olga] = await Promise.all([
    createTestUser(app, { firstName: 'Anna', lastName: 'Admin' }),
    createTestUser(app, { firstName: 'Max', lastName: 'Member' }),
    createTestUser(app, { role: 'admin' }),
  ]);
  const company = await call(anna, 'PUT', '/onboarding/company', {
    name: 'Hudson Advisers',
    size: '2-10',
    type: 'sec-adviser',
    country: 'US',
    supervisor: 'sec',
    jobRole: 'compliance-officer',
  });
  expect(company.statusCode, company.body).toBe(200);
  companyId = company.json<{ id: string }>().id;
  // Invitations and seats are onboarding.test.ts's subject: the member joins directly here.
  await app.db.insert(companyMembers).values({ companyId, userId: max.user.id, role: 'member' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([teams?.close(), jira?.close()]);
});

const teamsConnection = (name: string) => ({ kind: 'teams', scope: 'company', name, secret: teams.url });

describe('company connections (Teams replaced by a local server that speaks its Workflows webhook API)', () => {
  let connection: Connection;

  it('lets the company’s admin connect a Teams channel, and shows it to members read-only', async () => {
    const created = await call(anna, 'POST', '/integrations', teamsConnection('Advisers channel'));
    expect(created.statusCode, created.body).toBe(201);
    connection = created.json() as Connection;
    expect(connection).toMatchObject({ scope: 'company', status: 'connected', kind: 'teams' });
    // The webhook address carries its signature: it never comes back.
    expect(JSON.stringify(connection)).not.toContain(new URL(teams.url).search);

    const asAdmin = (await call(anna, 'GET', '/integrations?scope=company')).json() as ConnectionList;
    expect(asAdmin.connections.map((item) => item.id)).toEqual([connection.id]);
    expect(asAdmin.company).toEqual({ name: 'Hudson Advisers', canManage: true, managers: ['Anna Admin'] });

    const asMember = (await call(max, 'GET', '/integrations?scope=company')).json() as ConnectionList;
    expect(asMember.connections.map((item) => item.id)).toEqual([connection.id]);
    expect(asMember.company).toMatchObject({ canManage: false, managers: ['Anna Admin'] });
    // A company connection is not anyone's personal one.
    const personal = (await call(anna, 'GET', '/integrations')).json() as ConnectionList;
    expect(personal.connections.map((item) => item.id)).not.toContain(connection.id);
  });

  it('lets a member share an answer to it, and lists it among the member’s share targets', async () => {
    const targets = (await call(max, 'GET', '/integrations/share-targets')).json() as ConnectionList;
    expect(targets.connections.find((item) => item.id === connection.id)).toMatchObject({ scope: 'company' });

    const before = teams.cards.length;
    const { conversationId, messageId } = await askAndFinish(max, 'Which records must an adviser keep?');
    const sent = await call(max, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((sent.json() as JournalEntry).senderEmail).toBe(max.user.email);
    expect(teams.cards.length).toBe(before + 1);
    const card = teams.cards.at(-1) as { body: { text: string }[] };
    expect(card.body[0]!.text).toBe('Which records must an adviser keep?');
  });

  it('lets a member create a ticket through the company’s Jira project (Jira replaced by a local server that speaks its API)', async () => {
    const created = await call(anna, 'POST', '/integrations', {
      kind: 'jira',
      scope: 'company',
      name: 'Compliance board',
      settings: { url: jira.url, email: jira.email, projectKey: 'comp', issueType: 'Task' },
      secret: jira.token,
    });
    expect(created.statusCode, created.body).toBe(201);
    const board = created.json() as Connection;
    const question = 'Which client files must be kept for five years?';
    const { conversationId } = await askAndFinish(max, question);
    const ticket = await call(max, 'POST', `/integrations/${board.id}/tickets`, { conversationId });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const issue = jira.issues.get(String(ticket.json<{ number: number }>().number));
    expect(issue).toMatchObject({ summary: question });
    // Tidy: the rest of the suite counts one company channel.
    expect((await call(anna, 'DELETE', `/integrations/${board.id}`)).statusCode).toBe(204);
  });

  it('refuses members who try to change, test or delete it', async () => {
    for (const [method, url, payload] of [
      ['PATCH', `/integrations/${connection.id}`, { name: 'Renamed' }],
      ['POST', `/integrations/${connection.id}/test`, undefined],
      ['DELETE', `/integrations/${connection.id}`, undefined],
    ] as const) {
      const refused = await call(max, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(refused).code).toBe('COMPANY_ADMIN_ONLY');
    }
    const created = await call(max, 'POST', '/integrations', teamsConnection('Member channel'));
    expect(created.statusCode).toBe(403);
    const renamed = await call(anna, 'PATCH', `/integrations/${connection.id}`, { name: 'Advisers' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as Connection).name).toBe('Advisers');
  });

  it('answers “not found” to someone outside the company on every route', async () => {
    const { conversationId, messageId } = await askAndFinish(olga, 'What is the FATF grey list?');
    for (const [method, url, payload] of [
      ['PATCH', `/integrations/${connection.id}`, { name: 'Mine now' }],
      ['POST', `/integrations/${connection.id}/test`, undefined],
      ['DELETE', `/integrations/${connection.id}`, undefined],
      ['GET', `/integrations/${connection.id}/runs`, undefined],
      ['POST', `/integrations/${connection.id}/share`, { conversationId, messageId }],
      ['POST', `/integrations/${connection.id}/tickets`, { conversationId }],
    ] as const) {
      const refused = await call(olga, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(refused).code).toBe('INTEGRATION_NOT_FOUND');
    }
    // Outside any company there is nothing to list, and no company journal.
    expect((await call(olga, 'GET', '/integrations?scope=company')).json()).toEqual({ connections: [] });
    for (const url of ['/company/integrations/journal', '/company/integrations/journal.csv']) {
      const refused = await call(olga, 'GET', url);
      expect(refused.statusCode, url).toBe(404);
      expect(errorOf(refused).code).toBe('COMPANY_NOT_FOUND');
    }
    expect((await call(olga, 'POST', '/integrations', teamsConnection('Outsider'))).statusCode).toBe(404);
    const targets = (await call(olga, 'GET', '/integrations/share-targets')).json() as ConnectionList;
    expect(targets.connections.map((item) => item.id)).not.toContain(connection.id);
  });

  it('refuses storage and wiki kinds for a company, with a translated reason', async () => {
    const refused = await call(anna, 'POST', '/integrations', {
      kind: 'webdav',
      scope: 'company',
      name: 'Shared drive',
      settings: { url: 'https://dav.example.test/remote.php/dav/files/anna/', username: 'anna' },
      secret: 'password',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { kind: 'integrations:validation.companyKind' },
    });
  });
});

describe('the company journal', () => {
  it('lists every member’s messages for the company’s admins, with a CSV export, and not for members', async () => {
    // Max also sends through a connection of his own: it belongs in the company's records too.
    const own = await call(max, 'POST', '/integrations', {
      kind: 'teams',
      name: 'Max’s channel',
      secret: teams.url,
    });
    expect(own.statusCode, own.body).toBe(201);
    const { conversationId, messageId } = await askAndFinish(max, 'How long must records be kept?');
    const sent = await call(max, 'POST', `/integrations/${(own.json() as Connection).id}/share`, {
      conversationId,
      messageId,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // Someone outside the company sends too: not the company's business.
    const outsiders = await call(olga, 'POST', '/integrations', { kind: 'teams', name: 'Olga', secret: teams.url });
    expect(outsiders.statusCode, outsiders.body).toBe(201);

    const journal = await call(anna, 'GET', '/company/integrations/journal');
    expect(journal.statusCode, journal.body).toBe(200);
    const page = journal.json() as JournalPage;
    const senders = new Set(page.entries.map((entry) => entry.senderEmail));
    expect(senders).toEqual(new Set([anna.user.email, max.user.email]));
    expect(page.entries.map((entry) => entry.connectionName)).toEqual(
      expect.arrayContaining(['Advisers channel', 'Max’s channel']),
    );
    expect(page.entries.find((entry) => entry.content.startsWith('How long must records be kept?'))).toMatchObject({
      senderEmail: max.user.email,
      status: 'sent',
    });
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: page.entries.length });

    const csv = await call(anna, 'GET', '/company/integrations/journal.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('company-integrations-journal.csv');
    const [header, ...lines] = csv.body
      .replace(/^\ufeff/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    expect(header).toBe('sent_at,status,connection,kind,destination,sender,external_id,error,sha256,content');
    expect(csv.body).toContain(max.user.email);
    expect(csv.body).not.toContain(olga.user.email);
    expect(lines.length).toBeGreaterThanOrEqual(page.total);

    for (const url of ['/company/integrations/journal', '/company/integrations/journal.csv']) {
      const refused = await call(max, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(errorOf(refused).code).toBe('COMPANY_ADMIN_ONLY');
    }
  });
});

describe('leaving the company', () => {
  it('takes the company’s connections away at once; what the member sent stays in the journals', async () => {
    const [connection] = ((await call(max, 'GET', '/integrations?scope=company')).json() as ConnectionList).connections;
    expect(connection).toBeDefined();
    const removed = await call(anna, 'DELETE', `/company/members/${max.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    const { conversationId, messageId } = await askAndFinish(max, 'What is a books-and-records rule?');
    const refused = await call(max, 'POST', `/integrations/${connection!.id}/share`, { conversationId, messageId });
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).code).toBe('INTEGRATION_NOT_FOUND');
    expect((await call(max, 'GET', '/integrations?scope=company')).json()).toEqual({ connections: [] });
    const targets = (await call(max, 'GET', '/integrations/share-targets')).json() as ConnectionList;
    expect(targets.connections.map((item) => item.id)).not.toContain(connection!.id);

    const own = (await call(max, 'GET', '/integrations/journal')).json() as JournalPage;
    expect(own.entries.some((entry) => entry.connectionId === connection!.id)).toBe(true);
    const company = (await call(anna, 'GET', '/company/integrations/journal')).json() as JournalPage;
    expect(company.entries.some((entry) => entry.senderEmail === max.user.email)).toBe(true);
  });

  it('lets the company’s admin delete one of its connections', async () => {
    const created = await call(anna, 'POST', '/integrations', teamsConnection('Short-lived'));
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Connection).id;
    expect((await call(anna, 'DELETE', `/integrations/${id}`)).statusCode).toBe(204);
    const left = (await call(anna, 'GET', '/integrations?scope=company')).json() as ConnectionList;
    expect(left.connections.map((item) => item.id)).not.toContain(id);
  });
});
