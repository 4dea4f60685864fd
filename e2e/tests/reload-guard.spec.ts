import { expect, test } from '../support/fixtures.ts';

// A page chunk that fails to load (an outdated build whose files are gone) reloads the page, but
// at most once per 10 seconds for the same path; past that the error page shows instead of a loop.
test.use({ allowedConsoleErrors: /Failed to fetch dynamically imported module|Failed to load resource/ });

test('a missing page chunk reloads once, then shows the error page', async ({ page }) => {
  await page.clock.install();
  await page.route(/\/assets\/disclaimer-[^/]+\.js$/, (route) => route.abort());
  const documentLoads: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads.push(new URL(request.url()).pathname);
  });

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Disclaimer' }).click();

  const errorPage = page.getByTestId('error-page');
  await expect(errorPage).toBeVisible();
  await expect(errorPage.getByRole('heading', { name: 'Internal Server Error' })).toBeVisible();
  expect(documentLoads, 'one reload of /legal/disclaimer').toEqual(['/', '/legal/disclaimer']);

  const disclaimerLoads = () => documentLoads.filter((path) => path === '/legal/disclaimer').length;

  // Within 10 s, a manual reload that hits the same failure goes straight to the error page.
  await errorPage.getByRole('button', { name: 'Reload' }).click();
  await expect(errorPage).toBeVisible();
  expect(disclaimerLoads()).toBe(2);

  // Once 10 s have passed, the guard allows one more automatic reload.
  await page.clock.runFor(11_000);
  await errorPage.getByRole('button', { name: 'Reload' }).click();
  await expect(errorPage).toBeVisible();
  await expect.poll(disclaimerLoads).toBe(4);
});
