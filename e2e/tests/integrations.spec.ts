import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startMatrixStandIn, type MatrixStandIn } from '../../apps/server/test/helpers/matrix-stand-in.ts';
import { expect, setAuthToken, setLanguage, signInAsNewUser, test, type JourneyUser } from '../support/fixtures.ts';
import { connectionCard } from '../support/integrations.ts';

// Microsoft Teams cannot be reached from here: a local server on 127.0.0.1 speaks the Workflows webhook's
// protocol instead (the journeys' server lets connections reach this machine, support/start-server.ts).

interface TextBlock {
  type: string;
  text?: string;
}

/**
 * A stand-in for a Teams **Workflows** webhook ("Post to a channel when a webhook request is received"):
 * its trigger address carries a signature; a POST of `{ type: 'message', attachments: [Adaptive Card] }`
 * is answered 202 Accepted with an empty body, a wrong signature 401. It keeps the cards it was sent.
 */
async function startTeamsWebhookStandIn() {
  const workflow = randomBytes(16).toString('hex');
  const sig = randomBytes(24).toString('base64url');
  const cards: { body: TextBlock[] }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const answer = (status: number, body?: object) => {
        response.writeHead(status, body ? { 'content-type': 'application/json' } : {});
        response.end(body ? JSON.stringify(body) : '');
      };
      if (request.method !== 'POST' || url.pathname !== `/workflows/${workflow}/triggers/manual/paths/invoke`) {
        return answer(404, { error: { code: 'WorkflowNotFound', message: 'The workflow could not be found.' } });
      }
      if (url.searchParams.get('sig') !== sig) {
        return answer(401, {
          error: { code: 'DirectApiInvalidAuthorizationSignature', message: 'The provided signature is not valid.' },
        });
      }
      try {
        const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          type?: string;
          attachments?: { contentType?: string; content?: { type?: string; body?: TextBlock[] } }[];
        };
        const adaptive = (payload.attachments ?? []).filter(
          (item) =>
            item.contentType === 'application/vnd.microsoft.card.adaptive' && item.content?.type === 'AdaptiveCard',
        );
        if (payload.type !== 'message' || adaptive.length === 0) throw new Error('not a Teams message');
        for (const item of adaptive) cards.push({ body: item.content?.body ?? [] });
        return answer(202);
      } catch {
        return answer(400, { error: { code: 'InvalidRequestContent', message: 'The request content is not valid.' } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  return {
    host,
    url: `http://${host}/workflows/${workflow}/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${sig}`,
    cards,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Nothing listens on port 1 of this machine: a WebDAV server that cannot be reached. */
const UNREACHABLE_WEBDAV = 'http://127.0.0.1:1/dav/';

type TeamsStandIn = Awaited<ReturnType<typeof startTeamsWebhookStandIn>>;

let teams: TeamsStandIn;
let matrix: MatrixStandIn;
test.beforeAll(async () => {
  [teams, matrix] = await Promise.all([startTeamsWebhookStandIn(), startMatrixStandIn()]);
});
test.afterAll(async () => {
  await Promise.all([teams.close(), matrix.close()]);
});

/**
 * Nothing listens on port 2 of this machine: an S3 endpoint that cannot be reached (not port 1, which
 * fetch refuses to dial at all, as a "bad port").
 */
const UNREACHABLE_S3 = 'http://127.0.0.1:2';

/** A Teams connection made through the API (the journeys that are not about adding one). */
async function connectTeams(page: Page, user: JourneyUser, name: string) {
  const created = await page.request.post('/api/integrations', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { kind: 'teams', name, secret: teams.url },
  });
  expect(created.ok(), await created.text()).toBe(true);
}

test.describe('integrations (Teams webhook replaced by a local server that speaks its protocol)', () => {
  test('connect Teams and an unreachable WebDAV folder, share an answer to Teams, read the journal, delete', async ({
    page,
  }) => {
    await signInAsNewUser(page);
    const sentBefore = teams.cards.length;
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Integrations' }).click();
    await expect(page).toHaveURL(/\/settings\/integrations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No connections yet' })).toBeVisible();

    // Microsoft Teams: saving tests the workflow with a short card, which the stand-in receives.
    await page.getByRole('button', { name: 'Add a connection' }).click();
    await page
      .getByRole('dialog', { name: 'Add a connection' })
      .getByRole('button', { name: /^Microsoft Teams/ })
      .click();
    const teamsForm = page.getByRole('dialog', { name: 'Connect Microsoft Teams' });
    await teamsForm.getByLabel('Name', { exact: true }).fill('Risk committee');
    await teamsForm.getByLabel('Workflow webhook address').fill(teams.url);
    await teamsForm.getByRole('button', { name: 'Connect and test' }).click();
    const teamsResult = page.getByRole('dialog', { name: '“Risk committee” saved' });
    await expect(teamsResult.getByTestId('connection-status')).toHaveText('Connected');
    await expect(teamsResult.getByText(`Workflow at ${teams.host}`)).toBeVisible();
    expect(teams.cards.length).toBe(sentBefore + 1);
    await teamsResult.getByRole('button', { name: 'Done' }).click();
    await expect(teamsResult).toBeHidden();
    await expect(connectionCard(page, 'Risk committee').getByTestId('connection-target')).toHaveText(
      `Workflow at ${teams.host}`,
    );

    // WebDAV at an address where nothing listens: kept, but "not working", with the reason translated.
    await page.getByRole('button', { name: 'Add a connection' }).click();
    await page
      .getByRole('dialog', { name: 'Add a connection' })
      .getByRole('button', { name: /^WebDAV storage/ })
      .click();
    const webdavForm = page.getByRole('dialog', { name: 'Connect WebDAV storage' });
    await webdavForm.getByLabel('Name', { exact: true }).fill('Team drive');
    await webdavForm.getByLabel('Server address (WebDAV)').fill(UNREACHABLE_WEBDAV);
    await webdavForm.getByLabel('User name').fill('eva');
    await webdavForm.getByLabel('Password').fill('app password');
    await webdavForm.getByRole('button', { name: 'Connect and test' }).click();
    const webdavResult = page.getByRole('dialog', { name: '“Team drive” saved' });
    await expect(webdavResult.getByTestId('connection-status')).toHaveText('Not working');
    await expect(
      webdavResult.getByText('The tool could not be reached. Check the address, or try again later.'),
    ).toBeVisible();
    await webdavResult.getByRole('button', { name: 'Done' }).click();
    await expect(connectionCard(page, 'Team drive').getByTestId('connection-status')).toHaveText('Not working');

    // An answer of the chat, shared to the Teams channel.
    const question = `Who must file a suspicious activity report? (${Date.now().toString(36)})`;
    await page.goto('/chat');
    await page.getByLabel('Your question').fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.locator('li[data-role="assistant"]').last();
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await answer.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this answer' });
    await share.getByRole('radio', { name: /Risk committee/ }).check();
    await share.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('toaster').getByText(`Sent to Workflow at ${teams.host}`)).toBeVisible();
    await expect(share).toBeHidden();
    // The channel received the answer as an Adaptive Card headed by the question.
    expect(teams.cards.length).toBe(sentBefore + 2);
    const card = teams.cards.at(-1);
    expect(card?.body[0]?.type).toBe('TextBlock');
    expect(card?.body[0]?.text).toBe(question);

    // The journal keeps what was sent: the answer and the connection's test.
    await page.goto('/settings/integrations');
    const journal = page.getByRole('region', { name: 'Sent messages' });
    await expect(journal.getByText('2 messages')).toBeVisible();
    const row = journal.getByTestId('journal-row').filter({ hasText: question });
    await expect(row).toContainText('Risk committee');
    await expect(row).toContainText(`Workflow at ${teams.host}`);
    await expect(row).toContainText('Sent');

    // Deleting asks first, then the connection is gone.
    await connectionCard(page, 'Team drive').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Team drive”?' });
    await expect(confirm).toContainText('Files it synced stay in your library.');
    await confirm.getByRole('button', { name: 'Delete connection' }).click();
    await expect(page.getByTestId('toaster').getByText('“Team drive” deleted')).toBeVisible();
    await expect(connectionCard(page, 'Team drive')).toHaveCount(0);
    await expect(connectionCard(page, 'Risk committee')).toBeVisible();
  });

  test('connect a Matrix room (local Matrix stand-in) and an unreachable S3 bucket, share an answer to the room', async ({
    page,
  }) => {
    await signInAsNewUser(page);
    await page.goto('/settings/integrations');

    // Matrix: saving checks the token (whoami) and that its account has joined the room.
    await page.getByRole('button', { name: 'Add a connection' }).click();
    await page
      .getByRole('dialog', { name: 'Add a connection' })
      .getByRole('button', { name: /^Matrix/ })
      .click();
    const matrixForm = page.getByRole('dialog', { name: 'Connect Matrix' });
    await matrixForm.getByLabel('Name', { exact: true }).fill('Compliance room');
    await matrixForm.getByLabel('Homeserver address').fill(matrix.url);
    await matrixForm.getByLabel('Room ID').fill('#compliance:stand-in.test');
    await matrixForm.getByLabel('Access token').fill(matrix.accessToken);
    await matrixForm.getByRole('button', { name: 'Connect and test' }).click();
    await expect(matrixForm.getByText(/^Enter the room ID starting with !/)).toBeVisible();
    await matrixForm.getByLabel('Room ID').fill(matrix.roomId);
    await matrixForm.getByRole('button', { name: 'Connect and test' }).click();
    const matrixResult = page.getByRole('dialog', { name: '“Compliance room” saved' });
    await expect(matrixResult.getByTestId('connection-status')).toHaveText('Connected');
    await matrixResult.getByRole('button', { name: 'Done' }).click();
    await expect(connectionCard(page, 'Compliance room').getByTestId('connection-target')).toHaveText(
      `${matrix.roomId} @ ${new URL(matrix.url).host}`,
    );

    // S3 at an endpoint where nothing listens: kept, but "not working", with the reason translated.
    await page.getByRole('button', { name: 'Add a connection' }).click();
    await page
      .getByRole('dialog', { name: 'Add a connection' })
      .getByRole('button', { name: /^S3 storage/ })
      .click();
    const s3Form = page.getByRole('dialog', { name: 'Connect S3 storage' });
    await s3Form.getByLabel('Name', { exact: true }).fill('Policies bucket');
    await s3Form.getByLabel('Endpoint').fill(UNREACHABLE_S3);
    await s3Form.getByLabel('Bucket').fill('compliance-docs');
    await s3Form.getByLabel('Prefix (folder)').fill('policies');
    await s3Form.getByLabel('Access key ID').fill('minio');
    await s3Form.getByLabel('Secret access key').fill('minio-secret');
    await s3Form.getByRole('button', { name: 'Connect and test' }).click();
    const s3Result = page.getByRole('dialog', { name: '“Policies bucket” saved' });
    await expect(s3Result.getByTestId('connection-status')).toHaveText('Not working');
    await expect(
      s3Result.getByText('The tool could not be reached. Check the address, or try again later.'),
    ).toBeVisible();
    await s3Result.getByRole('button', { name: 'Done' }).click();

    // An answer of the chat, shared to the Matrix room.
    const before = matrix.events.length;
    const question = `What is enhanced due diligence? (${Date.now().toString(36)})`;
    await page.goto('/chat');
    await page.getByLabel('Your question').fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.locator('li[data-role="assistant"]').last();
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await answer.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this answer' });
    await share.getByRole('radio', { name: /Compliance room/ }).check();
    await share.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('toaster').getByText(`Sent to ${matrix.roomId}`)).toBeVisible();
    expect(matrix.events.length).toBe(before + 1);
    expect(matrix.events.at(-1)?.content).toMatchObject({ msgtype: 'm.text', format: 'org.matrix.custom.html' });
    expect(String(matrix.events.at(-1)?.content.formatted_body)).toContain(`<h3>${question}</h3>`);

    await page.goto('/settings/integrations');
    const row = page
      .getByRole('region', { name: 'Sent messages' })
      .getByTestId('journal-row')
      .filter({ hasText: question });
    await expect(row).toContainText('Compliance room');
    await expect(row).toContainText('Sent');
  });

  const translations = {
    de: {
      title: 'Integrationen',
      yours: 'Ihre Verbindungen',
      journal: 'Gesendete Nachrichten',
      add: 'Verbindung hinzufügen',
      kinds: [
        'WebDAV-Speicher',
        'S3-Speicher',
        'OneDrive / SharePoint',
        'Dropbox',
        'Google Drive',
        'Box',
        'DokuWiki',
        'MediaWiki',
        'Confluence',
        'Notion',
        'Slack',
        'Microsoft Teams',
        'Matrix',
        'E-Mail',
        'IMAP-Postfach',
        'Request Tracker',
        'Jira',
        'Asana',
        'Zendesk',
        'Freshdesk',
      ],
      wiki: /Antworten als Seiten veröffentlichen/,
    },
    fr: {
      title: 'Intégrations',
      yours: 'Vos connexions',
      journal: 'Messages envoyés',
      add: 'Ajouter une connexion',
      kinds: [
        'Stockage WebDAV',
        'Stockage S3',
        'OneDrive / SharePoint',
        'Dropbox',
        'Google Drive',
        'Box',
        'DokuWiki',
        'MediaWiki',
        'Confluence',
        'Notion',
        'Slack',
        'Microsoft Teams',
        'Matrix',
        'E-mail',
        'Boîte aux lettres IMAP',
        'Request Tracker',
        'Jira',
        'Asana',
        'Zendesk',
        'Freshdesk',
      ],
      wiki: /publier des réponses sous forme de pages/,
    },
    it: {
      title: 'Integrazioni',
      yours: 'I Suoi collegamenti',
      journal: 'Messaggi inviati',
      add: 'Aggiungere un collegamento',
      kinds: [
        'Archiviazione WebDAV',
        'Archiviazione S3',
        'OneDrive / SharePoint',
        'Dropbox',
        'Google Drive',
        'Box',
        'DokuWiki',
        'MediaWiki',
        'Confluence',
        'Notion',
        'Slack',
        'Microsoft Teams',
        'Matrix',
        'E-mail',
        'Casella di posta IMAP',
        'Request Tracker',
        'Jira',
        'Asana',
        'Zendesk',
        'Freshdesk',
      ],
      wiki: /pubblicare le risposte come pagine/,
    },
  } as const;

  test('the page and its choice of tools in German, French and Italian', async ({ page }) => {
    await signInAsNewUser(page);
    for (const [language, text] of Object.entries(translations)) {
      await setLanguage(page, language as keyof typeof translations);
      await page.goto('/settings/integrations');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: text.yours })).toBeVisible();
      await expect(page.getByRole('region', { name: text.journal })).toBeVisible();
      await page.getByRole('button', { name: text.add }).click();
      const chooser = page.getByRole('dialog', { name: text.add });
      const choices = chooser.getByRole('listitem');
      await expect(choices).toHaveCount(text.kinds.length);
      for (const [index, kind] of text.kinds.entries()) {
        await expect(choices.nth(index).getByRole('button')).toContainText(kind);
      }
      await expect(chooser.getByRole('button', { name: /^DokuWiki/ })).toContainText(text.wiki);
      await page.keyboard.press('Escape');
      await expect(chooser).toBeHidden();
    }
  });

  test('the organisation’s page: an admin picks the knowledge-base branch of a synced folder', async ({ page }) => {
    await setAuthToken(page);
    await page.goto('/admin/integrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Organisation connections' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Organisation journal' })).toBeVisible();

    const name = `Shared drive ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Add a connection' }).click();
    await page
      .getByRole('dialog', { name: 'Add a connection' })
      .getByRole('button', { name: /^WebDAV storage/ })
      .click();
    const form = page.getByRole('dialog', { name: 'Connect WebDAV storage' });
    const branch = form.getByRole('group', { name: 'Knowledge-base branch' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Server address (WebDAV)').fill(UNREACHABLE_WEBDAV);
    await form.getByLabel('User name').fill('compliance');
    await form.getByLabel('Password').fill('app password');
    await form.getByRole('button', { name: 'Connect and test' }).click();
    await expect(branch.getByText('Choose the knowledge-base branch the documents go into')).toHaveCount(2);

    // The shipped knowledge base's functions, then the chosen function's resource types.
    const regulatoryFunction = branch.getByLabel('Regulatory function');
    const resourceType = branch.getByLabel('Resource type');
    await expect(resourceType).toBeDisabled();
    await regulatoryFunction.selectOption({ index: 1 });
    await expect(resourceType).toBeEnabled();
    await resourceType.selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Connect and test' }).click();
    const result = page.getByRole('dialog', { name: `“${name}” saved` });
    await expect(result.getByTestId('connection-status')).toHaveText('Not working');
    await result.getByRole('button', { name: 'Done' }).click();

    await connectionCard(page, name).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete “${name}”?` });
    await expect(confirm).toContainText('Files it synced stay in the knowledge base.');
    await confirm.getByRole('button', { name: 'Delete connection' }).click();
    await expect(connectionCard(page, name)).toHaveCount(0);
  });
});

test.describe('integrations on a phone (Teams webhook replaced by a local server that speaks its protocol) @phone', () => {
  test('the page is reached from the drawer, and a connection fits the screen', async ({ page }) => {
    const user = await signInAsNewUser(page);
    await connectTeams(page, user, 'Risk committee');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Integrations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    const card = connectionCard(page, 'Risk committee');
    await expect(card.getByTestId('connection-status')).toHaveText('Connected');
    await expect(card.getByTestId('connection-target')).toHaveText(`Workflow at ${teams.host}`);
    // Phone emulation widens the layout viewport to fit wide content: compare with the screen itself.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - screen.width);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
