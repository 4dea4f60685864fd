import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { locales } from '@compliance/shared/locales';
import { createUser, expect, setAuthToken, setLanguage, test } from '../support/fixtures.ts';
import { everyScreen, layoutProblems, screenshotName, screenshotsDir } from '../support/screens.ts';

/**
 * Every screen on a phone (390 px) in every language, and on a desktop (1280 px): it renders its
 * heading in its language, its layout (for the routes of SPEC's route table) and its title, no page
 * scrolls sideways and no text leaves its card or dialog. The desktop runs in English only (the
 * phone run covers every language), unless SCREENSHOTS_DIR is set: `npm run screenshots` saves every screen, at both widths in four
 * languages, as a PNG to be looked at.
 */
for (const [width, tag] of [
  [390, '@phone'],
  [1280, ''],
] as const) {
  test.describe(`every screen at ${width} px ${tag}`.trim(), () => {
    const languages = width === 1280 && !screenshotsDir ? (['en'] as const) : locales;
    for (const language of languages) {
      test(`fits the screen in ${language} ${tag}`.trim(), async ({ page }) => {
        // About sixty full page loads: a bound for a stuck journey on a busy machine, not a speed target.
        test.setTimeout(400_000);
        const admin = await createUser(page, { admin: true });
        const screens = await everyScreen(page, admin.token);
        await setAuthToken(page, admin.token);
        await setLanguage(page, language);
        const folder = screenshotsDir && join(screenshotsDir, String(width), language);
        if (folder) mkdirSync(folder, { recursive: true });
        for (const screen of screens) {
          await page.goto(screen.path);
          const shown = screen.dialog ? page.getByRole('dialog') : page.getByRole('heading', { level: 1 }).first();
          await expect(shown, screen.name).toBeVisible();
          await expect(page.locator('html'), screen.name).toHaveAttribute('lang', language);
          if (screen.layout) {
            await expect(page.locator(`[data-layout="${screen.layout}"]`), screen.name).toBeVisible();
            await expect(page, screen.name).toHaveTitle(/· Compliance Assistant$/);
          }
          // The loading skeletons are gone: the screen shows what it loaded.
          await expect(page.locator('.animate-pulse'), screen.name).toHaveCount(0);
          // Soft: one run reports every screen that does not fit, not only the first.
          expect.soft(await layoutProblems(page), `${language} ${screen.name}`).toEqual([]);
          if (folder) await page.screenshot({ path: join(folder, screenshotName(screen)), fullPage: true });
        }
      });
    }
  });
}
