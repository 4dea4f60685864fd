import { expect, test } from '../support/fixtures.ts';

test.describe('toasts', () => {
  test('close themselves after 5 s, pause while hovered and resume when the pointer leaves', async ({ page }) => {
    const start = new Date('2026-11-02T08:00:00Z');
    await page.clock.install({ time: start });
    await page.goto('/fatf/countries');
    const language = page.getByRole('combobox', { name: 'Language' });
    await expect(language).toBeVisible();
    // From here the page's time moves only when the test moves it: real seconds lost on a busy machine
    // between the toast appearing and the pointer reaching it must not count against its 5 s.
    await page.clock.pauseAt(new Date(start.getTime() + 10 * 60_000));
    await language.selectOption('de');

    const notice = page.getByTestId('toast');
    await expect(notice).toBeVisible();
    await notice.hover();
    await page.clock.runFor(10_000);
    await expect(notice, 'paused while hovered').toBeVisible();

    await page.mouse.move(5, 5);
    await page.clock.runFor(3_000);
    await expect(notice, 'resumed with the time left, not closed at once').toBeVisible();
    await page.clock.runFor(2_500);
    await expect(notice, 'closed after the rest of its 5 s').toBeHidden();
  });

  test('sit at the bottom right, 24rem wide from the small breakpoint, full width on phones', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/fatf/countries');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    const area = page.getByTestId('toaster');
    const box = await area.boundingBox();
    expect(box?.width).toBe(384);
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBeGreaterThan(1280 - 40);
    const toastBox = await page.getByTestId('toast').boundingBox();
    expect((toastBox?.y ?? 0) + (toastBox?.height ?? 0)).toBeGreaterThan(800 - 60);

    await page.setViewportSize({ width: 375, height: 700 });
    const phoneBox = await area.boundingBox();
    expect(phoneBox?.width).toBe(375);
  });

  test('the close button closes a toast and runs its callback', async ({ page }) => {
    await page.clock.install();
    let deployed = 'build-that-is-not-this-one';
    await page.route('**/version.json', (route) =>
      route.fulfill({ json: { buildId: deployed, builtAt: new Date().toISOString() } }),
    );
    await page.goto('/fatf/countries');
    // The hourly check starts once the app has mounted.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.clock.runFor(3_600_000);
    const notice = page.getByRole('status', { name: 'A new version is available' });
    await expect(notice).toBeVisible();
    await page.clock.runFor(60_000);
    await expect(notice, 'a reload offer waits for the user').toBeVisible();

    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toBeHidden();
    // The callback remembered the dismissal: the same build is not offered again.
    expect(await page.evaluate(() => sessionStorage.getItem('build-version:dismissed'))).toBe(deployed);
    await page.clock.runFor(3_600_000);
    await expect(notice).toBeHidden();

    // A newer build is offered again, and its Reload action reloads the page.
    deployed = 'an-even-newer-build';
    await page.clock.runFor(3_600_000);
    await expect(notice).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
  });
});
