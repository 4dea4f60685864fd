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

/** The admin the journeys' server creates at start-up (support/start-server.ts). */
export const e2eAdmin = { email: 'e2e-admin@example.test', password: 'e2e admin password 1' } as const;

/** A real session token of the start-up admin (POST /api/auth/login). */
export async function createSessionToken(page: Page): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: e2eAdmin });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Signs in the way the app sees it: a token in localStorage. Without an explicit token it is a real
 * session of the start-up admin (the guards check it with the server); pass '' for "no token".
 */
export async function setAuthToken(page: Page, token?: string): Promise<void> {
  const value = token ?? (await createSessionToken(page));
  await page.addInitScript((stored) => window.localStorage.setItem('auth_token', stored), value);
}

/** Chooses the interface language before the app starts. */
export async function setLanguage(page: Page, language: 'en' | 'de' | 'fr' | 'it'): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('language', value), language);
}
