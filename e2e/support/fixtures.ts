import { test as base, expect, type Page } from '@playwright/test';
import { codeFrom } from './accounts-server.ts';
import { mailsTo } from './mailbox.ts';

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

let users = 0;

export interface JourneyUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

/**
 * A fresh, verified account for one journey, made the way a person makes one: sign-up, the code
 * from the e-mail (the journeys' server mails a local SMTP server, support/mailbox.ts), verification.
 * `{ admin: true }` has the start-up admin promote it. Journeys never share an account.
 */
export async function createUser(
  page: Page,
  {
    admin = false,
    firstName = 'Journey',
    lastName = 'User',
  }: { admin?: boolean; firstName?: string; lastName?: string } = {},
): Promise<JourneyUser> {
  users += 1;
  const email = `journey-${Date.now().toString(36)}-${process.pid}-${users}@example.test`;
  const password = 'journey password 1 long';
  const signup = await page.request.post('/api/auth/signup', {
    data: { firstName, lastName, email, password, passwordConfirmation: password, companyName: 'Journey AG' },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const { token, user } = (await signup.json()) as { token: string; user: { id: string } };
  let code = '';
  await expect
    .poll(
      () => {
        const mail = mailsTo(email).at(-1);
        code = mail ? codeFrom(mail.raw) : '';
        return code;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  const verify = await page.request.post('/api/auth/verify-email', {
    data: { code },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  if (admin) {
    const promote = await page.request.patch(`/api/admin/users/${user.id}`, {
      data: { role: 'admin' },
      headers: { Authorization: `Bearer ${await createSessionToken(page)}` },
    });
    expect(promote.ok(), await promote.text()).toBe(true);
  }
  return { id: user.id, email, password, token };
}

/** A fresh user (see `createUser`) signed in for the page. */
export async function signInAsNewUser(page: Page, options?: Parameters<typeof createUser>[1]): Promise<JourneyUser> {
  const user = await createUser(page, options);
  await setAuthToken(page, user.token);
  return user;
}
