import { expect, test, signInAsNewUser } from '../support/fixtures.ts';
import { layoutProblems } from '../support/screens.ts';

// Narrow screens (the phone project runs only tests tagged @phone): navigation moves into a drawer or
// menu, and nothing overflows sideways.
test.describe('on a phone @phone', () => {
  test('the signed-in navigation opens as a drawer and leads to another screen', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(drawer).toBeHidden();
  });

  test('the landing page menu opens and no page scrolls sideways', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'FATF countries' }).first()).toBeVisible();
    // Every screen, signed in or not, in every language: screens.spec.ts.
    for (const path of ['/', '/legal/privacy-policy', '/fatf/countries', '/login', '/no-such-page']) {
      await page.goto(path);
      expect(await layoutProblems(page), path).toEqual([]);
    }
  });
});
