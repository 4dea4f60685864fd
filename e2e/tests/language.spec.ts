import { expect, test } from '../support/fixtures.ts';

test.describe('language', () => {
  test('switching language translates the page and is remembered across visits', async ({ page }) => {
    await page.goto('/fatf/countries');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const heading = page.getByRole('heading', { level: 1 });
    const english = await heading.textContent();

    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(heading).not.toHaveText(english ?? '');
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    await expect(page).toHaveTitle(/· Compliance Assistant$/);

    // A new visit, on another page, keeps German.
    await page.goto('/legal/disclaimer');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  });

  test('the browser language is the first guess, English the fallback', async ({ browser }) => {
    const french = await browser.newContext({ locale: 'fr-CH' });
    const page = await french.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await french.close();

    const japanese = await browser.newContext({ locale: 'ja-JP' });
    const other = await japanese.newPage();
    await other.goto('/');
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await japanese.close();
  });

  test('a mis-picked language can be undone from the confirmation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('it');
    const notice = page.getByRole('status', { name: 'Lingua cambiata' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Annullare' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(notice).toBeHidden();
  });
});
