import { test as base, expect, type Page } from '@playwright/test';

type Fixtures = {
  /** Messages matching this are expected in a test (e.g. the logged failure of a missing chunk). */
  allowedConsoleErrors: RegExp | null;
  consoleErrors: string[];
};

/**
 * Every journey fails on an unexpected console.error or uncaught page error: a page that works
 * while logging errors is broken.
 */
export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [null, { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const allowed = (text: string) => allowedConsoleErrors?.test(text) ?? false;
      page.on('console', (message) => {
        if (message.type() === 'error' && !allowed(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => {
        if (!allowed(error.message)) errors.push(`Uncaught: ${error.message}`);
      });
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in the way the route guard sees it: a token in localStorage (the accounts issue adds real sessions). */
export async function setAuthToken(page: Page, token = 'e2e-token'): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('auth_token', value), token);
}

/** Chooses the interface language before the app starts. */
export async function setLanguage(page: Page, language: 'en' | 'de' | 'fr' | 'it'): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('language', value), language);
}
