import { testCards } from '@compliance/shared/billing';
import type { Page } from '@playwright/test';
import { codeFrom } from '../support/accounts-server.ts';
import { invitationPathFor, mailsTo } from '../support/mailbox.ts';
import { createUser, expect, setAuthToken, signInAsNewUser, test, type JourneyUser } from '../support/fixtures.ts';

// Issue 15, onboarding: a company admin fills the profile (UID and LEI checked by their check
// digits), invites a colleague, who accepts from the e-mail link; the admin then changes the
// colleague's role and removes them.

/** Team with two seats through the TEST MODE checkout (the subscription journeys cover its screens). */
async function buyTeamSeats(page: Page, admin: JourneyUser, seats: number) {
  const headers = { Authorization: `Bearer ${admin.token}` };
  const checkout = await page.request.post('/api/billing/checkout', {
    headers,
    data: { planId: 'team', interval: 'month', currency: 'CHF', seats },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const paid = await page.request.post(`/api/billing/test-checkout/${sessionId}/pay`, {
    headers,
    data: { cardNumber: testCards.success },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

test('a company admin fills the profile, invites a colleague who joins from the e-mail, then changes their role and removes them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAsNewUser(page, { firstName: 'Anna', lastName: 'Keller' });

  // The profile: the UID's check digit is checked as the admin saves.
  await page.goto('/onboarding/company');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Keller Vermögensverwaltung');
  await page.getByRole('textbox', { name: 'Legal name' }).fill('Keller Vermögensverwaltung AG');
  await page.getByRole('textbox', { name: 'Street and number' }).fill('Bahnhofstrasse 10');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('8001');
  await page.getByRole('textbox', { name: 'City' }).fill('Zürich');
  await page.getByRole('combobox', { name: 'Type of company' }).selectOption({ label: 'Asset manager' });
  await page
    .getByRole('combobox', { name: 'Supervisor or self-regulatory organisation' })
    .selectOption({ label: 'FINMA' });
  await page.getByRole('combobox', { name: 'Number of employees' }).selectOption({ label: '2–10' });
  await page.getByRole('combobox', { name: 'Your role in the company' }).selectOption({ label: 'Compliance officer' });
  const uid = page.getByRole('textbox', { name: 'Swiss company number (UID)' });
  const lei = page.getByRole('textbox', { name: 'Legal Entity Identifier (LEI)' });
  await uid.fill('CHE-116.281.711');
  await lei.fill('5493001KJTIIGC8Y1R12');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(
    page.getByText('This UID’s check digit does not match: please check the number for a typo.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/company$/);

  await uid.fill('CHE-116.281.710');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/subscription$/);

  // Two seats: the admin's and one for the colleague.
  await buyTeamSeats(page, admin, 2);
  const colleaguePage = await browser.newPage();
  const colleague = await createUser(colleaguePage, { firstName: 'Luca', lastName: 'Bernasconi' });

  await page.goto('/onboarding/company');
  await expect(uid).toHaveValue('CHE-116.281.710');
  await expect(lei).toHaveValue('5493001KJTIIGC8Y1R12');
  await expect(page.getByText('1 of 2 seats used')).toBeVisible();
  await page.getByRole('textbox', { name: 'Colleague’s e-mail address' }).fill(colleague.email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`An invitation was sent to ${colleague.email}.`)).toBeVisible();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending).toContainText(colleague.email);
  await expect(page.getByText('2 of 2 seats used')).toBeVisible();

  // The colleague opens the link from the e-mail, signed in with the invited address, and joins.
  await setAuthToken(colleaguePage, colleague.token);
  await colleaguePage.goto(await invitationPathFor(colleague.email));
  await expect(colleaguePage.getByText('Anna Keller invites you to join Keller Vermögensverwaltung.')).toBeVisible();
  await colleaguePage.getByRole('button', { name: 'Join Keller Vermögensverwaltung' }).click();
  await expect(colleaguePage).toHaveURL(/\/onboarding\/company$/);
  await expect(
    colleaguePage.getByText('You are a member of Keller Vermögensverwaltung. Its administrator manages the company.'),
  ).toBeVisible();
  await expect(colleaguePage.getByRole('textbox', { name: 'Swiss company number (UID)' })).toHaveValue(
    'CHE-116.281.710',
  );

  // The admin sees the new member, makes them an administrator, then removes them.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
  const role = page.getByRole('combobox', { name: 'Role of Luca Bernasconi' });
  await expect(role).toHaveValue('member');
  await role.selectOption({ label: 'Administrator' });
  await expect(page.getByText('Luca Bernasconi is now: Administrator.')).toBeVisible();
  await expect(role).toHaveValue('admin');

  // Luca's working file: the admin keeps it for the company when Luca leaves.
  const uploaded = await colleaguePage.request.post('/api/documents/files', {
    headers: { Authorization: `Bearer ${colleague.token}` },
    multipart: {
      file: { name: 'client-review.txt', mimeType: 'text/plain', buffer: Buffer.from('Annual client review.') },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);

  await page.getByRole('button', { name: 'Remove Luca Bernasconi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Luca Bernasconi from Keller Vermögensverwaltung?' });
  await expect(dialog).toContainText('Their conversations, prompts and notes stay theirs');
  const documents = dialog.getByRole('combobox', { name: 'Their documents' });
  await expect(documents).toHaveValue('');
  await documents.selectOption({ label: 'Move to Anna Keller’s library' });
  await dialog.getByRole('button', { name: 'Remove from company' }).click();
  await expect(
    page.getByText('Luca Bernasconi was removed. Their documents are now in Anna Keller’s library.'),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Members of the company' })).not.toContainText(colleague.email);
  await expect(page.getByText('1 of 2 seats used')).toBeVisible();
  await page.goto('/documents');
  const received = `Luca Bernasconi (${colleague.email})`;
  await page
    .locator(`[data-testid="folder-row"][data-name="${received}"]`)
    .getByRole('link', { name: received })
    .click();
  await expect(page.getByText('client-review.txt')).toBeVisible();
  await page.goto('/onboarding/company');

  await colleaguePage.reload();
  await expect(colleaguePage.getByText('You are a member of Keller Vermögensverwaltung.')).toHaveCount(0);
  await colleaguePage.close();

  // Someone without an account yet: the link survives the sign-up and brings them back to accept.
  const newcomer = `newcomer-${Date.now().toString(36)}@example.test`;
  await page.getByRole('textbox', { name: 'Colleague’s e-mail address' }).fill(newcomer);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(newcomer);
  const newcomerPage = await browser.newPage();
  await newcomerPage.goto(await invitationPathFor(newcomer));
  await newcomerPage.getByRole('link', { name: 'Create an account' }).click();
  await newcomerPage.getByLabel('Firstname').fill('Nora');
  await newcomerPage.getByLabel('Lastname').fill('Frei');
  await newcomerPage.getByLabel('E-mail').fill(newcomer);
  await newcomerPage.getByLabel('Password', { exact: true }).fill('newcomer password 1');
  await newcomerPage.getByLabel('Password confirmation').fill('newcomer password 1');
  await newcomerPage.getByLabel('Company name').fill('Keller Vermögensverwaltung');
  await newcomerPage.getByRole('button', { name: 'Create account' }).click();
  await expect(newcomerPage).toHaveURL(/\/verify-email\?redirectTo=/);
  let code = '';
  await expect
    .poll(
      () => {
        const mail = mailsTo(newcomer).find((message) => !message.raw.includes('invitations/accept'));
        code = mail ? codeFrom(mail.raw) : '';
        return code;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  await newcomerPage.getByLabel('Verification code').fill(code);
  await newcomerPage.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(newcomerPage).toHaveURL(/\/invitations\/accept\?token=/);
  await newcomerPage.getByRole('button', { name: 'Join Keller Vermögensverwaltung' }).click();
  await expect(newcomerPage.getByText('You are a member of Keller Vermögensverwaltung.')).toBeVisible();
  await newcomerPage.close();
});
