import { expect, signInAsNewUser, test } from '../support/fixtures.ts';

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
