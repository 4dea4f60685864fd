import {
  requestTrackerAvailable,
  requestTrackerInstallCommand,
  startRequestTracker,
  type RequestTrackerServer,
} from '../../apps/server/test/helpers/request-tracker.ts';
import { expect, signInAsNewUser, test } from '../support/fixtures.ts';
import { openConnectionForm, saveConnected } from '../support/integrations.ts';

// A real Request Tracker 5 from Debian (SQLite, REST 2), installed by .ci/run, on a loopback port. The
// journeys' server lets connections reach this machine (support/start-server.ts).
if (process.env.CI && !requestTrackerAvailable()) {
  throw new Error(`The ticket journey needs Request Tracker: ${requestTrackerInstallCommand}`);
}

let rt: RequestTrackerServer;
test.beforeAll(async () => {
  if (requestTrackerAvailable()) rt = await startRequestTracker();
});
test.afterAll(async () => {
  await rt?.stop();
});

interface RtTicket {
  id: number;
  Subject: string;
  Status: string;
  Due: string;
  Owner: { id: string };
}

test.describe('tickets and tasks in a real Request Tracker', () => {
  test.skip(() => !requestTrackerAvailable(), `Request Tracker is not installed: ${requestTrackerInstallCommand}`);
  test.use({ viewport: { width: 1280, height: 900 } });

  test('connect RT, turn a conversation into a ticket with its status shown, create a task from a FATF country, import a ticket', async ({
    page,
  }) => {
    await signInAsNewUser(page);

    await page.goto('/settings/integrations');
    const form = await openConnectionForm(page, 'Request Tracker');
    await form.getByLabel('Name', { exact: true }).fill('Compliance desk');
    await form.getByLabel('Request Tracker address').fill(rt.url);
    await form.getByLabel('Queue').fill('General');
    await form.getByLabel('Auth token').fill(rt.token);
    await saveConnected(page, form, 'Compliance desk');

    // A conversation becomes a ticket: the question its subject, the answer and its sources its text.
    const question = `Who must file a suspicious activity report? (${Date.now().toString(36)})`;
    await page.goto('/chat');
    await page.getByLabel('Your question').fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('li[data-role="assistant"]').last()).toHaveAttribute('data-status', 'complete', {
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'Create ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a ticket' });
    await dialog.getByRole('button', { name: 'Create ticket' }).click();
    const created = dialog.getByRole('status');
    await expect(created).toHaveText(/^Ticket #\d+ created$/);
    const number = Number((await created.textContent())?.match(/#(\d+)/)?.[1]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(`#${number}: new`, { exact: true })).toBeVisible();
    const ticket = await rt.rest<RtTicket>('GET', `/ticket/${number}`);
    expect(ticket.body.Subject).toBe(question);

    // (A status changed in RT shows once a minute has passed: the server suite covers that.)

    // A task about a country, with a due date and an assignee.
    await page.goto('/fatf/countries/IR');
    await page.getByRole('button', { name: 'Create task' }).click();
    const task = page.getByRole('dialog', { name: 'Create a task' });
    await expect(task.getByLabel('Title')).toHaveValue(/Iran/);
    await task.getByLabel('Due date').fill('2026-12-15');
    await task.getByLabel('Assignee').fill('root');
    await task.getByRole('button', { name: 'Create task' }).click();
    const taskCreated = task.getByRole('status');
    await expect(taskCreated).toHaveText(/^Task #\d+ created$/);
    const taskNumber = Number((await taskCreated.textContent())?.match(/#(\d+)/)?.[1]);
    await task.getByRole('button', { name: 'Done' }).click();
    const rtTask = await rt.rest<RtTicket>('GET', `/ticket/${taskNumber}`);
    expect(rtTask.body.Subject).toMatch(/Iran/);
    expect(rtTask.body.Due).toMatch(/^2026-12-15/);
    expect(rtTask.body.Owner.id).toBe('root');

    // A ticket's question comes back as the draft of a new conversation.
    await page.goto('/chat');
    await page.getByRole('button', { name: 'Import ticket' }).click();
    const importing = page.getByRole('dialog', { name: 'Import a ticket’s question' });
    await importing.getByLabel('Ticket number').fill(String(number));
    await importing.getByRole('button', { name: 'Import' }).click();
    await expect(importing).toBeHidden();
    await expect(page.getByLabel('Your question')).toHaveValue(question);
  });
});
