import { expect, setLanguage, signInAsNewUser, test } from '../support/fixtures.ts';

test.describe('admin overview and audit log', () => {
  test('the overview shows the install at a glance and leads to the filtered audit log and its CSV', async ({
    page,
  }) => {
    const admin = await signInAsNewUser(page, { admin: true });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    const users = page.getByRole('region', { name: 'Users' });
    await expect(users.getByText('Accounts')).toBeVisible();
    await expect(users.getByRole('figure')).toContainText('Sign-ups per week');
    await expect(page.getByRole('region', { name: 'Documents' })).toContainText('Knowledge-base files');
    // The promotion of this admin is among the latest entries.
    const recent = page.getByRole('region', { name: 'Recent activity' });
    await expect(recent.getByText('Made administrator').first()).toBeVisible();

    await recent.getByRole('link', { name: 'Full audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByLabel('Target (e-mail)').fill(admin.email);
    await page.getByLabel('Action').selectOption({ label: 'Made administrator' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('1 entry')).toBeVisible();
    await expect(page).toHaveURL(/action=admin\.user_promoted/);
    const row = page.getByRole('row').filter({ hasText: admin.email });
    await expect(row).toContainText('Made administrator');

    // A wrong date range is refused with a message, and changes nothing.
    await page.getByLabel('From', { exact: true }).fill('2026-02-02');
    await page.getByLabel('To', { exact: true }).fill('2026-01-01');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('The end date must not be before the start date')).toBeVisible();
    await expect(page.getByText('1 entry')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  test('in German', async ({ page }) => {
    await signInAsNewUser(page, { admin: true });
    await setLanguage(page, 'de');
    await page.goto('/admin/audit-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit-Protokoll' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Als CSV exportieren' })).toBeVisible();
  });

  test('a user an admin disables leaves every open tab at once', async ({ page, browser }) => {
    const admin = await signInAsNewUser(page, { admin: true });
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    const user = await signInAsNewUser(userPage);
    await userPage.goto('/dashboard');
    await expect(userPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const response = await page.request.patch(`/api/admin/users/${user.id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { status: 'disabled' },
    });
    expect(response.ok(), await response.text()).toBe(true);
    // No reload, no click: the server closes the session's socket and the tab goes to sign-in.
    await expect(userPage).toHaveURL(/\/login/);
    await userContext.close();
  });
});
