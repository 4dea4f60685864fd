import { createUser, expect, setAuthToken, signInAsNewUser, test } from '../support/fixtures.ts';
import { routeTable } from './routes.ts';

// Every route of SPEC's route table, in its layout and in every language: screens.spec.
test.describe('the route table', () => {
  test('headings are translated, not English, in the other languages', async ({ page }) => {
    await signInAsNewUser(page, { admin: true });
    const headings = async () => {
      const texts: string[] = [];
      for (const path of [
        '/',
        '/settings',
        '/fatf/countries',
        '/admin/users',
        '/prompt-library',
        '/legal/privacy-policy',
      ]) {
        await page.goto(path);
        texts.push((await page.getByRole('heading', { level: 1 }).textContent()) ?? '');
      }
      return texts;
    };
    const english = await headings();
    for (const language of ['de', 'fr', 'it'] as const) {
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      const translated = await headings();
      translated.forEach((text, index) => expect(text, `${language} ${index}`).not.toBe(english[index]));
    }
  });
});

test('the onboarding layout offers a way back to the app', async ({ page }) => {
  await signInAsNewUser(page);
  await page.goto('/onboarding/user');
  await page.getByRole('link', { name: 'Back to the app' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('error pages', () => {
  test('an unknown path shows Page Not Found with its path', async ({ page }) => {
    await page.goto('/no/such/page');
    const errorPage = page.getByTestId('error-page');
    await expect(errorPage.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(errorPage.getByText('Page Not Found: /no/such/page')).toBeVisible();
    await expect(errorPage.getByTestId('error-status')).toHaveText('404');
    await expect(page).toHaveTitle(/Page Not Found/);
  });

  test('an unknown path under /app with a session is a 404, not a redirect', async ({ page }) => {
    await signInAsNewUser(page, { admin: true });
    await page.goto('/app/nothing-here');
    await expect(page).toHaveURL(/\/app\/nothing-here$/);
    await expect(page.getByText('Page Not Found: /app/nothing-here')).toBeVisible();
  });

  test('the API answers unknown paths with a JSON error, not the app', async ({ request }) => {
    const response = await request.get('/api/no-such-endpoint');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
  });
});

test.describe('route guard', () => {
  for (const path of ['/admin', '/admin/users', '/admin/knowledge-base/file/file-1', '/app', '/app/anything']) {
    test(`${path} without a token goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(path);
      await expect(page.locator('[data-layout="public"]')).toBeVisible();
    });
  }

  test('a signed-in user who is not an administrator gets "Administrators only", in their language', async ({
    page,
  }) => {
    await signInAsNewUser(page);
    for (const path of ['/admin', '/admin/users', '/test-upload']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Administrators only' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toHaveCount(0);
    }
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(page.getByRole('heading', { name: 'Nur für Administratoren' })).toBeVisible();
    await page.getByRole('link', { name: 'Zurück zum Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an empty token counts as missing', async ({ page }) => {
    await setAuthToken(page, '');
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusers$/);
  });

  test('signed-in layouts need a session too', async ({ page }) => {
    for (const { path } of routeTable.filter((route) => route.session && !route.path.startsWith('/admin'))) {
      await page.goto(path);
      await expect(page, path).toHaveURL((url) => url.pathname === '/login');
    }
  });

  test('public pages stay open without a token', async ({ page }) => {
    for (const { path, layout } of routeTable.filter((route) => !route.session)) {
      await page.goto(path);
      await expect(page.locator(`[data-layout="${layout}"]`), path).toBeVisible();
    }
  });

  test('the classic addresses lead to the current sign-in and sign-up forms, with their query', async ({ page }) => {
    await page.goto('/login/old?redirectTo=%2Fchat');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fchat$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/signup/old');
    await expect(page).toHaveURL((url) => url.pathname === '/signup');
  });

  test('a guarded navigation inside the app also redirects once the token is gone', async ({ page }) => {
    const { token } = await createUser(page);
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
    await page.goto('/dashboard');
    await expect(page.locator('[data-layout="user"]')).toBeVisible();
    await page.evaluate(() => localStorage.removeItem('auth_token'));
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('unknown ids in the address', () => {
  // The failed API call is logged by the browser itself; the page must still explain itself.
  test.use({ allowedConsoleErrors: /Failed to load resource: the server responded with a status of 404/ });

  test('show a titled page that says what is missing, not a blank screen', async ({ page }) => {
    await signInAsNewUser(page, { admin: true });
    for (const path of [
      '/admin/knowledge-base/no-such-function',
      '/admin/knowledge-base/no-such-function/no-such-type',
      '/admin/knowledge-base/file/no-such-file',
      '/admin/knowledge-base/folder/no-such-folder',
      '/documents/no-such-folder',
      '/prompt-marketplace/author/no-such-author',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(page.getByText(/could not be found|not found/i).first(), path).toBeVisible();
    }
  });
});
