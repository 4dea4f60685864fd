import { expect, setLanguage, test, signInAsNewUser } from '../support/fixtures.ts';

test.describe('FATF country pages', () => {
  for (const tag of ['', ' @phone']) {
    test(`finds a grey-listed country by its German name, opens it and goes back${tag}`, async ({ page }) => {
      await setLanguage(page, 'de');
      await page.goto('/fatf/countries');
      // The first page of a freshly started server loads its chunks cold. The admin journey below may
      // apply a newer list on the same server: no exact date or count here.
      await expect(page.getByTestId('as-of')).toContainText(/Listenstand \d+\. \S+ 20\d\d/, { timeout: 20_000 });
      await expect(page.getByTestId('count-grey')).toHaveText(/^\d+$/);

      await page.getByLabel('Nach Name oder Code suchen').fill('bosnien');
      await expect(page).toHaveURL(/\?q=bosnien/);
      await expect(page.getByText('1 von 249 Jurisdiktionen')).toBeVisible();
      await page
        .getByRole('link', { name: /Bosnien und Herzegowina/ })
        .filter({ visible: true })
        .click();

      await expect(page).toHaveURL(/\/fatf\/countries\/BA$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Bosnien und Herzegowina' })).toBeVisible();
      await expect(page.getByText('Graue Liste').first()).toBeVisible();
      await expect(page.getByText('Seit 19. Juni 2026')).toBeVisible();
      // Anonymous visitors get the name and the status, and an invitation to sign in.
      await expect(page.getByRole('heading', { name: /Melden Sie sich an/ })).toBeVisible();

      await page.getByRole('link', { name: 'Zurück zu den Ländern' }).click();
      await expect(page).toHaveURL(/\/fatf\/countries\?q=bosnien$/);
      await expect(page.getByLabel('Nach Name oder Code suchen')).toHaveValue('bosnien');
    });
  }

  test('shows the full country page to a signed-in user', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/fatf/countries/ir');
    await expect(page.getByRole('heading', { level: 1, name: 'Iran, Islamic Republic of' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What it means for due diligence' })).toBeVisible();
    await expect(page.getByTestId('timeline')).toContainText('Listed since 25 February 2009');
    await expect(page.getByText('FATF black and grey lists explained', { exact: false })).toBeVisible();
    // Related documents open in the app's viewer; the official source stays a secondary link.
    await expect(page.getByRole('link', { name: 'Official source' }).first()).toHaveAttribute('href', /^https:\/\//);
    await page.getByRole('link', { name: /FATF black and grey lists explained/ }).click();
    await expect(page).toHaveURL(/\/documents\?file=[0-9a-f-]{36}$/);
    await expect(page.getByRole('dialog')).toContainText('FATF black and grey lists explained');
  });

  test.describe('unknown ids', () => {
    // The browser logs the API's 404 for the unknown country.
    test.use({ allowedConsoleErrors: /404/ });

    test("an unknown id shows 'Country not found'", async ({ page }) => {
      await page.goto('/fatf/countries/zz');
      await expect(page.getByRole('heading', { level: 1, name: 'Country not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to countries' })).toBeVisible();
    });
  });

  test('an admin imports a list and sees the differences before applying them', async ({ page }) => {
    await signInAsNewUser(page, { admin: true });
    const exported = await page.request.get('/api/countries/export.csv?lang=en');
    expect(exported.ok()).toBe(true);
    const lines = (await exported.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const edited = lines
      .map((line) => (line.startsWith('VU,') ? line.replace(',not_listed,', ',grey,') : line))
      .join('\n');

    await page.goto('/admin/fatf');
    await expect(page.getByRole('heading', { level: 1, name: 'FATF country lists' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Import a new list' });
    await form.getByLabel('List', { exact: true }).fill(edited);
    await form.getByLabel('Effective date (plenary)').fill('2026-10-24');
    await form.getByLabel('Source', { exact: true }).fill('FATF plenary, October 2026');
    await form.getByRole('button', { name: 'Compare with the current list' }).click();

    const diff = page.getByTestId('import-diff');
    await expect(diff).toContainText('0 added · 0 removed · 1 changed · 248 unchanged');
    await expect(page.getByTestId('diff-changed')).toContainText('Vanuatu');
    // Nothing has changed yet.
    expect((await (await page.request.get('/api/countries/VU')).json()).country.status).toBe('not_listed');

    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(page.getByText('The new list is applied.')).toBeVisible();
    await expect(diff).toBeHidden();

    await page.goto('/fatf/countries?q=vanuatu');
    await expect(page.getByRole('row', { name: /Vanuatu/ })).toContainText('Grey list');
    await expect(page.getByTestId('as-of')).toContainText('24 October 2026');
  });
});
