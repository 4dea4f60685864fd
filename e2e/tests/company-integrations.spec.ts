import { testCards } from '@compliance/shared/billing';
import type { Page } from '@playwright/test';
import { startTeamsWebhookStandIn } from '../../apps/server/test/helpers/teams-webhook-stand-in.ts';
import { invitationPathFor } from '../support/mailbox.ts';
import { createUser, expect, setAuthToken, signInAsNewUser, test, type JourneyUser } from '../support/fixtures.ts';

// Issue 17, company connections: a company's admin adds a Teams channel for the company, a member
// shares an answer to it, and the admin finds it in the company journal. Microsoft Teams cannot be
// reached from here: a local server on 127.0.0.1 speaks the Workflows webhook's protocol instead (the
// journeys' server lets connections reach this machine, support/start-server.ts).

type TeamsStandIn = Awaited<ReturnType<typeof startTeamsWebhookStandIn>>;

let teams: TeamsStandIn;
test.beforeAll(async () => {
  teams = await startTeamsWebhookStandIn();
});
test.afterAll(async () => {
  await teams.close();
});

/** The company and its seats are set up as onboarding.spec.ts does it through the screens, here through the API. */
async function companyWithMember(page: Page, admin: JourneyUser, member: JourneyUser) {
  const asAdmin = { Authorization: `Bearer ${admin.token}` };
  const company = await page.request.put('/api/onboarding/company', {
    headers: asAdmin,
    data: {
      name: 'Hudson Advisers',
      size: '2-10',
      type: 'sec-adviser',
      country: 'US',
      supervisor: 'sec',
      jobRole: 'compliance-officer',
    },
  });
  expect(company.ok(), await company.text()).toBe(true);
  const checkout = await page.request.post('/api/billing/checkout', {
    headers: asAdmin,
    data: { planId: 'team', interval: 'month', currency: 'CHF', seats: 2 },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const paid = await page.request.post(`/api/billing/test-checkout/${sessionId}/pay`, {
    headers: asAdmin,
    data: { cardNumber: testCards.success },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const invited = await page.request.post('/api/company/invitations', {
    headers: asAdmin,
    data: { email: member.email },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const token = new URLSearchParams((await invitationPathFor(member.email)).split('?')[1]).get('token');
  const accepted = await page.request.post('/api/invitations/accept', {
    headers: { Authorization: `Bearer ${member.token}` },
    data: { token },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

test('a company admin adds a Teams channel, a member shares an answer to it, the admin reads it in the company journal', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await signInAsNewUser(page, { firstName: 'Anna', lastName: 'Keller' });
  const memberPage = await browser.newPage();
  const member = await createUser(memberPage, { firstName: 'Max', lastName: 'Member' });
  await companyWithMember(page, admin, member);
  const host = new URL(teams.url).host;
  const sentBefore = teams.cards.length;

  // The admin adds the company's channel in its own section; only channels and ticket systems are offered.
  await page.goto('/settings/integrations');
  const companySection = page.getByRole('region', { name: 'Company connections' });
  await expect(companySection.getByRole('heading', { name: 'No company connections yet' })).toBeVisible();
  await companySection.getByRole('button', { name: 'Add a connection' }).click();
  const chooser = page.getByRole('dialog', { name: 'Add a connection' });
  await expect(chooser.getByRole('button', { name: /^WebDAV storage/ })).toHaveCount(0);
  await chooser.getByRole('button', { name: /^Microsoft Teams/ }).click();
  const form = page.getByRole('dialog', { name: 'Connect Microsoft Teams' });
  await form.getByLabel('Name', { exact: true }).fill('Advisers channel');
  await form.getByLabel('Workflow webhook address').fill(teams.url);
  await form.getByRole('button', { name: 'Connect and test' }).click();
  const result = page.getByRole('dialog', { name: '“Advisers channel” saved' });
  await expect(result.getByTestId('connection-status')).toHaveText('Connected');
  await result.getByRole('button', { name: 'Done' }).click();
  await expect(result).toBeHidden();
  await expect(companySection.getByTestId('connection-card')).toContainText(`Workflow at ${host}`);
  expect(teams.cards.length).toBe(sentBefore + 1);

  // The member sees it read-only, on a phone-sized screen too, and shares an answer to it.
  await memberPage.setViewportSize({ width: 390, height: 844 });
  await setAuthToken(memberPage, member.token);
  await memberPage.goto('/settings/integrations');
  const memberSection = memberPage.getByRole('region', { name: 'Company connections' });
  await expect(memberSection.getByRole('heading', { name: 'Advisers channel' })).toBeVisible();
  await expect(memberSection.getByTestId('company-managers')).toHaveText(
    'Managed by your company’s admin, Anna Keller.',
  );
  await expect(memberSection.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(memberPage.getByRole('region', { name: 'Company journal' })).toHaveCount(0);
  expect(await memberPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const question = `Which books and records must an adviser keep? (${Date.now().toString(36)})`;
  await memberPage.goto('/chat');
  await memberPage.getByLabel('Your question').fill(question);
  await memberPage.getByRole('button', { name: 'Send' }).click();
  const answer = memberPage.locator('li[data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await answer.getByRole('button', { name: 'Share' }).click();
  const share = memberPage.getByRole('dialog', { name: 'Share this answer' });
  await share
    .getByRole('group', { name: 'Your company' })
    .getByRole('radio', { name: /Advisers channel/ })
    .check();
  await share.getByRole('button', { name: 'Send' }).click();
  await expect(memberPage.getByTestId('toaster').getByText(`Sent to Workflow at ${host}`)).toBeVisible();
  expect(teams.cards.length).toBe(sentBefore + 2);
  await memberPage.close();

  // The admin finds the member's message in the company journal, with its sender.
  await page.reload();
  const journal = page.getByRole('region', { name: 'Company journal' });
  const row = journal.getByTestId('journal-row').filter({ hasText: question });
  await expect(row).toContainText('Advisers channel');
  await expect(row).toContainText(member.email);
  await expect(row).toContainText('Sent');
  const download = page.waitForEvent('download');
  await journal.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^company-journal-\d{4}-\d{2}-\d{2}\.csv$/);
});
