import type { Page } from '@playwright/test';
import { accountsAdmin, codeFrom, startAccountsServer, startSmtpServer } from '../support/accounts-server.ts';
import { expect, test } from '../support/fixtures.ts';

// Journeys of issue 3 against a server of their own that sends real e-mail to an SMTP server
// started by the test. Wrong passwords and refused admin calls are answered 401/403 on purpose.
test.use({ allowedConsoleErrors: /Failed to load resource: the server responded with a status of (401|403|409)/ });
test.describe.configure({ mode: 'serial' });

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: Awaited<ReturnType<typeof startAccountsServer>>;
const url = (path: string) => `${server.baseURL}${path}`;
const PASSWORD = 'first secret 2024';

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startAccountsServer(smtp.url);
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function waitForCode(address: string, count: number): Promise<string> {
  await expect.poll(() => smtp.mailsTo(address).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return codeFrom(smtp.mailsTo(address)[count - 1]?.raw ?? '');
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto(url('/signup'));
  await page.getByLabel('Firstname').fill('Erika');
  await page.getByLabel('Lastname').fill('Muster');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password confirmation').fill(PASSWORD);
  await page.getByLabel('Company name').fill('Muster Treuhand AG');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  const code = await waitForCode(email, 1);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(url('/login'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('sign-up → code from the SMTP server → verified → dashboard; then sign out', async ({ page }) => {
  const email = `signup-${Date.now()}@example.test`;
  await page.goto(url('/signup'));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').first()).toContainText('Please fill out all the fields');
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expect(page.getByText('Password confirmation is required')).toBeVisible();

  await signUp(page, email);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
  await expect(page.getByRole('button', { name: /Erika Muster/ })).toBeVisible();

  // The same address again is taken.
  await page.goto(url('/logout'));
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  await page.goto(url('/signup'));
  await page.getByLabel('Firstname').fill('Erika');
  await page.getByLabel('Lastname').fill('Muster');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password confirmation').fill(PASSWORD);
  await page.getByLabel('Company name').fill('Muster Treuhand AG');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The email has already been taken.')).toBeVisible();
});

test('sign-in with a wrong password shows one generic message; the right one gets in', async ({ page }) => {
  const email = `login-${Date.now()}@example.test`;
  await signUp(page, email);
  await page.goto(url('/logout'));
  await signIn(page, email, 'not my password 1');
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgotten password → e-mail → new password → old sessions signed out', async ({ page, browser }) => {
  const email = `reset-${Date.now()}@example.test`;
  await signUp(page, email);
  // Another browser keeps the old session.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, PASSWORD);
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.goto(url('/logout'));
  await page.goto(url('/forgotten-password'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const code = await waitForCode(email, 2);
  await page.getByRole('link', { name: 'Enter the code' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill('second secret 2025');
  await page.getByLabel('New password confirmation').fill('second secret 2025');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/login\?notice=password-reset$/);

  await otherPage.goto(url('/settings'));
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  await signIn(page, email, 'second secret 2025');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('change password in the settings signs out the other sessions', async ({ page, browser }) => {
  const email = `change-${Date.now()}@example.test`;
  await signUp(page, email);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, PASSWORD);
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.goto(url('/settings'));
  await expect(page.getByText('Active sessions')).toBeVisible();
  const card = page.locator('form', { has: page.getByLabel('Current password') });
  await card.getByLabel('Current password').fill(PASSWORD);
  await card.getByLabel('New password', { exact: true }).fill('changed secret 77');
  await card.getByLabel('New password confirmation').fill('changed secret 77');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await otherPage.goto(url('/profile'));
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
  await page.goto(url('/logout'));
  await signIn(page, email, 'changed secret 77');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a non-admin gets 403 from the admin API and the admin screens refuse them', async ({ page }) => {
  const email = `member-${Date.now()}@example.test`;
  await signUp(page, email);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.get(url('/api/admin/users'), { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  await page.goto(url('/admin/users'));
  await expect(page.getByText('Administrators only')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('the first admin manages users: search and disable', async ({ page }) => {
  await signIn(page, accountsAdmin.email, accountsAdmin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(url('/admin/users'));
  await page.getByRole('searchbox').fill('member-');
  const row = page.getByRole('row', { name: /member-/ }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Disable and sign out' }).click();
  await expect(row.getByText('Disabled')).toBeVisible();
});
