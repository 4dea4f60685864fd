import { expect, setLanguage, test, signInAsNewUser } from '../support/fixtures.ts';

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
    for (const path of ['/', '/legal/privacy-policy', '/fatf/countries', '/login', '/no-such-page']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - screen.width);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test('no signed-in screen scrolls sideways or lets text out of its card, in any language', async ({ page }) => {
    // Seventeen screens in four languages: a bound for a stuck journey on a busy machine, not a speed target.
    test.setTimeout(300_000);
    await signInAsNewUser(page, { admin: true });
    const paths = [
      '/dashboard',
      '/documents',
      '/settings',
      '/profile',
      '/prompt-library',
      '/prompt-marketplace',
      '/prompt-marketplace?tab=mine',
      '/admin/marketplace',
      '/courses',
      '/courses/swiss-aml-duties',
      '/courses/swiss-aml-duties/lessons/identification',
      '/courses/swiss-aml-duties/test',
      '/courses/notes',
      '/admin/courses',
      '/chat',
      '/admin',
      '/admin/audit-log',
    ];
    for (const language of ['en', 'de', 'fr', 'it'] as const) {
      await setLanguage(page, language);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const problems = await page.evaluate(() => {
          const found: string[] = [];
          // Phone emulation widens the layout viewport to fit wide content: compare with the screen itself.
          if (document.documentElement.scrollWidth > screen.width)
            found.push(`page ${document.documentElement.scrollWidth}px wide`);
          // A section or card whose content is wider than itself spills text (truncation and scrolling tables aside).
          for (const box of Array.from(document.querySelectorAll<HTMLElement>('main section, main article'))) {
            const style = getComputedStyle(box);
            if (style.overflowX !== 'visible') continue;
            if (box.scrollWidth > box.clientWidth + 1)
              found.push(
                `${box.tagName.toLowerCase()}#${box.id || box.getAttribute('aria-labelledby') || ''} spills ${box.scrollWidth - box.clientWidth}px`,
              );
          }
          return found;
        });
        expect(problems, `${language} ${path}`).toEqual([]);
      }
    }
  });
});
