import { createUser, expect, setAuthToken, signInAsNewUser, test, type JourneyUser } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

/** A Professional subscription paid through the TEST MODE checkout's API, as the user. */
async function subscribeThroughApi(page: Page, user: JourneyUser) {
  const headers = { Authorization: `Bearer ${user.token}` };
  const started = await page.request.post('/api/billing/checkout', {
    data: { planId: 'professional', interval: 'month', currency: 'CHF' },
    headers,
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { sessionId } = (await started.json()) as { sessionId: string };
  const paid = await page.request.post(`/api/billing/test-checkout/${sessionId}/pay`, {
    data: { cardNumber: '4242424242424242' },
    headers,
  });
  expect(((await paid.json()) as { outcome: string }).outcome).toBe('succeeded');
}

test.describe('subscriptions', () => {
  test('a new user upgrades through the TEST MODE checkout and sees the new limits', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/dashboard');
    const usage = page.getByRole('region', { name: 'Plan and usage' });
    await expect(usage.getByText('Plan: Free')).toBeVisible();
    await expect(usage.getByRole('progressbar', { name: 'Storage' })).toHaveAttribute('aria-valuetext', /of 1 GB$/);

    await usage.getByRole('link', { name: 'Manage plan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your subscription' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Free' }).getByText('Current plan')).toBeVisible();
    await page.getByText('Yearly', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await page.getByRole('button', { name: 'Choose Professional' }).click();

    // The built-in provider's page says plainly that nothing real is charged.
    await expect(page.getByRole('heading', { name: 'Pay for Professional' })).toBeVisible();
    await expect(page.getByText('This is the built-in test checkout.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Use Card declined' }).click();
    await page.getByRole('button', { name: /^Pay CHF/ }).click();
    await expect(page.getByRole('alert')).toHaveText('The card was declined. Nothing was charged. Try another card.');

    await page.getByRole('button', { name: 'Use Payment succeeds' }).click();
    await page.getByRole('button', { name: /^Pay CHF/ }).click();
    await expect(page.getByText('Payment verified: you are now on Professional.')).toBeVisible();
    await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_test_/);

    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(usage.getByText('Plan: Professional')).toBeVisible();
    await expect(usage.getByRole('progressbar', { name: 'Storage' })).toHaveAttribute('aria-valuetext', /of 10 GB$/);

    // The verified payment yields an invoice, downloadable as PDF from the subscription page.
    await page.goto('/subscription');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    const row = invoices.getByRole('row', { name: /INV-\d{4}-\d{6}/ });
    await expect(row).toBeVisible();
    await expect(row.getByText(/CHF\s290/).first()).toBeVisible();
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /^PDF INV-/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^invoice-INV-\d{4}-\d{6}\.pdf$/);
  });

  test('an admin follows the payment events, simulates a failed renewal and grants a plan', async ({ page }) => {
    const subscriber = await createUser(page, { firstName: 'Renata', lastName: 'Renewal' });
    await subscribeThroughApi(page, subscriber);
    const granted = await createUser(page, { firstName: 'Gina', lastName: 'Granted' });
    await signInAsNewUser(page, { admin: true });

    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail address or company' }).fill(subscriber.email);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const row = page.getByRole('row', { name: /Renata Renewal/ });
    await expect(row.getByText('Active')).toBeVisible();

    // TEST MODE: the renewal is declined; the grace period starts.
    await row.getByRole('button', { name: 'Renewal declined (Renata Renewal)' }).click();
    await expect(row.getByText('Payment failed')).toBeVisible();
    await expect(row.getByText(/^Grace period until /)).toBeVisible();

    // The journal shows the verified event and what it changed.
    await page.getByRole('link', { name: 'Payment events' }).click();
    const failed = page.getByRole('row', { name: /invoice\.payment_failed/ }).first();
    await expect(failed.getByText('Verified')).toBeVisible();
    await expect(failed.getByText('subscription-past_due-grace-started')).toBeVisible();

    // A manual grant, recorded in the audit log.
    await page.getByRole('link', { name: 'Subscriptions and companies' }).click();
    await page.getByRole('textbox', { name: 'User’s e-mail address' }).fill(granted.email);
    await page.getByLabel('Valid until').fill('2099-12-31');
    await page.getByRole('textbox', { name: 'Note (for the audit log)' }).fill('Pilot customer');
    await page.getByRole('button', { name: 'Grant plan' }).click();
    await expect(page.getByText(`Plan granted to ${granted.email}.`)).toBeVisible();
    await page.goto('/admin/audit-log?action=admin.billing_plan_granted');
    await expect(page.getByRole('row', { name: new RegExp(granted.email.replaceAll('.', '\\.')) })).toBeVisible();

    // The subscriber sees the banner with the way to update the payment.
    await setAuthToken(page, subscriber.token);
    await page.goto('/dashboard');
    const banner = page.getByTestId('billing-banner');
    await expect(banner).toContainText('Your last subscription payment failed.');
    await banner.getByRole('link', { name: 'Update payment' }).click();
    await expect(page.getByText(/The last renewal payment failed\. Your plan stays active until/)).toBeVisible();

    // The user with the grant holds Professional.
    await setAuthToken(page, granted.token);
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Plan and usage' }).getByText('Plan: Professional')).toBeVisible();
  });

  test('a cancelled checkout charges nothing and leads back to the plans', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Choose Professional' }).click();
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await expect(page.getByText('Nothing was charged')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the plans' }).click();
    await expect(page.getByRole('article', { name: 'Free' }).getByText('Current plan')).toBeVisible();
  });
});
