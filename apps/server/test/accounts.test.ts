import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files, loginThrottles, sessions, users, verificationCodes } from '../src/db/schema/index.ts';
import { createTestUser } from './helpers/factories.ts';
import { uploadFile } from './helpers/uploads.ts';
import { codeFrom } from './helpers/smtp-server.ts';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/modules/auth/password.ts';

const PASSWORD = 'correct horse 42';

let app: TestApp;
let counter = 0;

function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${Date.now()}@example.test`;
}

function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Anna',
    lastName: 'Muster',
    email: uniqueEmail(),
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    companyName: 'Muster AG',
    ...overrides,
  };
}

async function signup(overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  expect(response.statusCode).toBe(201);
  const { token, user } = response.json() as { token: string; user: { id: string; email: string } };
  return { body, token, user, headers: { authorization: `Bearer ${token}` } };
}

/** Runs the mail jobs and returns the code of the newest mail to `email` (outbox adapter). */
async function latestCode(email: string, template?: string): Promise<string> {
  await app.jobs.runDueJobs();
  const mail = await app.mail.latestTo(email, template);
  if (!mail) throw new Error(`No mail to ${email}`);
  return codeFrom(mail.textBody);
}

async function verifiedUser() {
  const created = await signup();
  const code = await latestCode(created.body.email);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    headers: created.headers,
    payload: { code },
  });
  expect(response.statusCode).toBe(200);
  return created;
}

function login(email: string, password: string, ip = '10.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
}

beforeAll(async () => {
  app = await createTestApp({ env: { ADMIN_EMAIL: 'root@example.test', ADMIN_PASSWORD: 'admin password 1' } });
});
afterAll(() => app.close());

describe('sign-up', () => {
  it('creates an unverified account, signs it in and e-mails a 6-digit code in the chosen language', async () => {
    const { body, user, headers } = await signup({ language: 'de' });
    expect(user).toMatchObject({ email: body.email, emailVerified: false, role: 'user' });
    await app.jobs.runDueJobs();
    const mail = await app.mail.latestTo(body.email);
    expect(mail).toMatchObject({ template: 'verify_email', language: 'de', status: 'stored' });
    expect(mail?.subject).toMatch(/^Ihr Bestätigungscode: \d{6}$/);
    // The code is stored hashed only.
    const [stored] = await app.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    expect(stored?.codeHash).not.toContain(codeFrom(mail?.textBody ?? ''));
    // Unverified: only the verification flow is open.
    expect((await app.inject({ url: '/api/account/profile', headers })).json()).toMatchObject({
      error: { code: 'EMAIL_NOT_VERIFIED' },
    });
    expect((await app.inject({ url: '/api/auth/session', headers })).statusCode).toBe(200);
  });

  it("answers 'The email has already been taken.' for a taken address, whatever its case", async () => {
    const { body } = await signup();
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody({ email: body.email.toUpperCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: {
        code: 'EMAIL_TAKEN',
        message: 'The email has already been taken.',
        fields: { email: 'errors:EMAIL_TAKEN' },
      },
    });
  });

  it('names every missing field as required, and requires the password confirmation', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: '', lastName: ' ', email: '', password: '', passwordConfirmation: '', companyName: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      firstName: 'auth:validation.required',
      lastName: 'auth:validation.required',
      email: 'auth:validation.required',
      password: 'auth:validation.required',
      passwordConfirmation: 'auth:validation.passwordConfirmationRequired',
      companyName: 'auth:validation.required',
    });
  });

  it('refuses weak passwords and a confirmation that does not match', async () => {
    const weak = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody({ password: 'short1', passwordConfirmation: 'short1' }),
    });
    expect(weak.json().error.fields).toEqual({ password: 'auth:validation.passwordLength' });
    const noDigit = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody({ password: 'onlyletters here', passwordConfirmation: 'onlyletters here' }),
    });
    expect(noDigit.json().error.fields).toEqual({ password: 'auth:validation.passwordDigit' });
    const mismatch = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody({ passwordConfirmation: `${PASSWORD}x` }),
    });
    expect(mismatch.json().error.fields).toEqual({ passwordConfirmation: 'auth:validation.passwordMismatch' });
  });
});

describe('e-mail verification code', () => {
  it('verifies with the right code, once', async () => {
    const { body, headers } = await signup();
    const code = await latestCode(body.email);
    const ok = await app.inject({ method: 'POST', url: '/api/auth/verify-email', headers, payload: { code } });
    expect(ok.json()).toMatchObject({ user: { emailVerified: true } });
    expect((await app.inject({ url: '/api/account/profile', headers })).statusCode).toBe(200);
    const reuse = await app.inject({ method: 'POST', url: '/api/auth/verify-email', headers, payload: { code } });
    expect(reuse.json()).toMatchObject({ error: { code: 'EMAIL_ALREADY_VERIFIED' } });
  });

  it('refuses a wrong code, and kills the code after five wrong tries', async () => {
    const { body, headers } = await signup();
    const code = await latestCode(body.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        headers,
        payload: { code: wrong },
      });
      expect(response.json()).toMatchObject({
        error: { code: 'VERIFICATION_CODE_INVALID', fields: { remainingAttempts: String(5 - attempt) } },
      });
    }
    const fifth = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers,
      payload: { code: wrong },
    });
    expect(fifth.json()).toMatchObject({ error: { code: 'VERIFICATION_CODE_LOCKED' } });
    const right = await app.inject({ method: 'POST', url: '/api/auth/verify-email', headers, payload: { code } });
    expect(right.json()).toMatchObject({ error: { code: 'VERIFICATION_CODE_LOCKED' } });
  });

  it('refuses an expired code', async () => {
    const { body, user, headers } = await signup();
    const code = await latestCode(body.email);
    await app.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const response = await app.inject({ method: 'POST', url: '/api/auth/verify-email', headers, payload: { code } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VERIFICATION_CODE_EXPIRED' } });
  });

  it('rejects a malformed code with a field message', async () => {
    const { headers } = await signup();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers,
      payload: { code: '12ab' },
    });
    expect(response.json().error.fields).toEqual({ code: 'auth:validation.code' });
  });

  it('resends only after the cooldown, and a new code replaces the old one', async () => {
    const { body, user, headers } = await signup();
    const first = await latestCode(body.email);
    const tooSoon = await app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ error: { code: 'RESEND_TOO_SOON' } });
    expect(Number(tooSoon.json().error.fields.retryAfterSeconds)).toBeGreaterThan(50);
    // Pretend the minute has passed.
    await app.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(verificationCodes.userId, user.id));
    const resent = await app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers });
    expect(resent.json()).toEqual({ retryAfterSeconds: 60 });
    const second = await latestCode(body.email);
    if (second !== first) {
      const old = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        headers,
        payload: { code: first },
      });
      expect(old.json()).toMatchObject({ error: { code: 'VERIFICATION_CODE_INVALID' } });
    }
    const ok = await app.inject({ method: 'POST', url: '/api/auth/verify-email', headers, payload: { code: second } });
    expect(ok.statusCode).toBe(200);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and answers one generic message otherwise', async () => {
    const { body } = await verifiedUser();
    const ok = await login(body.email.toUpperCase(), PASSWORD, '10.1.0.1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ user: { email: body.email, emailVerified: true } });

    const wrongPassword = await login(body.email, 'wrong password 1', '10.1.0.2');
    const unknownUser = await login(uniqueEmail('nobody'), 'wrong password 1', '10.1.0.3');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownUser.json());
    expect(wrongPassword.json()).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
  });

  it('logs sign-ins and failed sign-ins in the audit log', async () => {
    const { body, user } = await verifiedUser();
    await login(body.email, PASSWORD, '10.2.0.1');
    await login(body.email, 'nope nope 1', '10.2.0.1');
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['auth.signup', 'auth.email_verified', 'auth.sign_in', 'auth.sign_in_failed']),
    );
  });

  it('lets an unverified account sign in only to verify', async () => {
    const { body } = await signup();
    const response = await login(body.email, PASSWORD, '10.3.0.1');
    expect(response.json()).toMatchObject({ user: { emailVerified: false } });
    const headers = { authorization: `Bearer ${response.json().token}` };
    expect((await app.inject({ url: '/api/account/settings', headers })).statusCode).toBe(403);
  });

  it('blocks the failing address for the account after five failures, with 429 and the wait', async () => {
    const { body } = await verifiedUser();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login(body.email, 'wrong password 1', '10.4.0.1')).statusCode).toBe(401);
    }
    const fifth = await login(body.email, 'wrong password 1', '10.4.0.1');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ error: { code: 'TOO_MANY_ATTEMPTS', fields: { retryAfterSeconds: '900' } } });
    expect((await login(body.email, PASSWORD, '10.4.0.1')).statusCode).toBe(429);
    // Once the block is over the right password works and clears the counters.
    await app.db
      .update(loginThrottles)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottles.key, `pair:${body.email}|10.4.0.1`));
    expect((await login(body.email, PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  }, 20_000);

  it('never locks the owner out from elsewhere: failures from other addresses only slow answers down', async () => {
    const { body } = await verifiedUser();
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const status = (await login(body.email, 'wrong password 1', `10.9.0.${attempt}`)).statusCode;
      expect(status).toBe(401);
    }
    expect((await login(body.email, PASSWORD, '10.9.1.1')).statusCode).toBe(200);
  }, 30_000);

  it('a reset by e-mail code clears the account’s blocks', async () => {
    const { body } = await verifiedUser();
    for (let attempt = 1; attempt <= 5; attempt += 1) await login(body.email, 'wrong password 1', '10.10.0.1');
    expect((await login(body.email, PASSWORD, '10.10.0.1')).statusCode).toBe(429);
    await app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: body.email } });
    const code = await latestCode(body.email, 'reset_password');
    const fresh = 'a fresh secret after lockout 3';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { email: body.email, code, password: fresh, passwordConfirmation: fresh },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(body.email, fresh, '10.10.0.1')).statusCode).toBe(200);
  }, 30_000);

  it('blocks an IP address that fails against many accounts', async () => {
    for (let attempt = 1; attempt < 20; attempt += 1) {
      expect((await login(uniqueEmail('spray'), 'wrong password 1', '10.5.0.1')).statusCode).toBe(401);
    }
    expect((await login(uniqueEmail('spray'), 'wrong password 1', '10.5.0.1')).statusCode).toBe(429);
    const { body } = await verifiedUser();
    expect((await login(body.email, PASSWORD, '10.5.0.1')).json()).toMatchObject({
      error: { code: 'TOO_MANY_ATTEMPTS' },
    });
    expect((await login(body.email, PASSWORD, '10.5.0.2')).statusCode).toBe(200);
  }, 30_000);

  it('refuses a disabled account that knows its password', async () => {
    const { body, user } = await verifiedUser();
    await app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect((await login(body.email, PASSWORD, '10.6.0.1')).json()).toMatchObject({
      error: { code: 'ACCOUNT_DISABLED' },
    });
  });

  it('signs out: the token stops working', async () => {
    const { headers } = await verifiedUser();
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/session', headers })).statusCode).toBe(401);
  });
});

describe('forgotten password', () => {
  it('answers the same for known and unknown addresses', async () => {
    const { body } = await verifiedUser();
    const known = await app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: body.email },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: uniqueEmail('ghost') },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
  });

  it('resets with the code, once, and signs out every session', async () => {
    const { body, headers } = await verifiedUser();
    const second = await login(body.email, PASSWORD, '10.7.0.1');
    await app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: body.email } });
    const code = await latestCode(body.email, 'reset_password');
    const newPassword = 'a brand new secret 7';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { email: body.email, code, password: newPassword, passwordConfirmation: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/session', headers })).statusCode).toBe(401);
    const secondHeaders = { authorization: `Bearer ${second.json().token}` };
    expect((await app.inject({ url: '/api/auth/session', headers: secondHeaders })).statusCode).toBe(401);
    expect((await login(body.email, PASSWORD, '10.7.0.2')).statusCode).toBe(401);
    expect((await login(body.email, newPassword, '10.7.0.3')).statusCode).toBe(200);
    const reuse = await app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { email: body.email, code, password: 'another secret 99', passwordConfirmation: 'another secret 99' },
    });
    expect(reuse.json()).toMatchObject({ error: { code: 'VERIFICATION_CODE_INVALID' } });
  });

  it('resets with the link token from the e-mail, and refuses expired or unknown ones', async () => {
    const { body, user } = await verifiedUser();
    await app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: body.email } });
    await app.jobs.runDueJobs();
    const mail = await app.mail.latestTo(body.email, 'reset_password');
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail?.textBody ?? '')?.[1] ?? '');
    expect(token.length).toBeGreaterThan(20);
    const payload = { token, password: 'link based secret 5', passwordConfirmation: 'link based secret 5' };

    await app.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'password_reset')));
    const expired = await app.inject({ method: 'POST', url: '/api/auth/password/reset', payload });
    expect(expired.json()).toMatchObject({ error: { code: 'VERIFICATION_CODE_EXPIRED' } });

    await app.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'password_reset')));
    expect((await app.inject({ method: 'POST', url: '/api/auth/password/reset', payload })).statusCode).toBe(200);
    const reuse = await app.inject({ method: 'POST', url: '/api/auth/password/reset', payload });
    expect(reuse.json()).toMatchObject({ error: { code: 'VERIFICATION_CODE_INVALID' } });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { ...payload, token: 'x'.repeat(43) },
    });
    expect(unknown.json()).toMatchObject({ error: { code: 'VERIFICATION_CODE_INVALID' } });
  });

  it('answers a wrong code for a real account exactly like one for an unknown address (no remaining attempts)', async () => {
    const { body } = await verifiedUser();
    await app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: body.email } });
    await latestCode(body.email, 'reset_password');
    const attempt = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { email, code: '000000', password: PASSWORD, passwordConfirmation: PASSWORD },
      });
    const real = await attempt(body.email);
    const ghost = await attempt(uniqueEmail('ghost'));
    expect(real.statusCode).toBe(ghost.statusCode);
    expect(real.json()).toEqual(ghost.json());
    // Past the fifth wrong try the code is dead: still the answer an unknown address gets.
    for (let tries = 0; tries < 5; tries += 1) await attempt(body.email);
    expect((await attempt(body.email)).json()).toEqual(ghost.json());
  });

  it('does the same work for known and unknown addresses: one queued job each, the mail only from the job', async () => {
    const { body } = await verifiedUser();
    const before = await app.mail.latestTo(body.email, 'reset_password');
    await app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: body.email } });
    await app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: uniqueEmail('ghost') } });
    expect(await app.mail.latestTo(body.email, 'reset_password')).toEqual(before);
    await app.jobs.runDueJobs();
    expect((await app.mail.latestTo(body.email, 'reset_password'))?.textBody).toMatch(/token=/);
  });

  it('answers a wrong code for an unknown address like a wrong code', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { email: uniqueEmail('ghost'), code: '123456', password: PASSWORD, passwordConfirmation: PASSWORD },
    });
    expect(response.json()).toMatchObject({ error: { code: 'VERIFICATION_CODE_INVALID' } });
  });
});

describe('account', () => {
  it('changes the password with the current one and signs out the other sessions only', async () => {
    const { body, headers } = await verifiedUser();
    const other = await login(body.email, PASSWORD, '10.8.0.1');
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers,
      payload: {
        currentPassword: 'not it 123456',
        password: 'next secret 123',
        passwordConfirmation: 'next secret 123',
      },
    });
    expect(wrong.json()).toMatchObject({ error: { code: 'CURRENT_PASSWORD_INCORRECT' } });
    const missingConfirmation = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers,
      payload: { currentPassword: PASSWORD, password: 'next secret 123', passwordConfirmation: '' },
    });
    expect(missingConfirmation.json().error.fields).toEqual({
      passwordConfirmation: 'auth:validation.passwordConfirmationRequired',
    });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers,
      payload: { currentPassword: PASSWORD, password: 'next secret 123', passwordConfirmation: 'next secret 123' },
    });
    expect(ok.json()).toEqual({ revoked: 1 });
    expect((await app.inject({ url: '/api/auth/session', headers })).statusCode).toBe(200);
    const otherHeaders = { authorization: `Bearer ${other.json().token}` };
    expect((await app.inject({ url: '/api/auth/session', headers: otherHeaders })).statusCode).toBe(401);
    expect((await login(body.email, 'next secret 123', '10.8.0.2')).statusCode).toBe(200);
  });

  it('updates the profile and changes the e-mail only after the new address confirms its code', async () => {
    const { body, headers } = await verifiedUser();
    const profile = await app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers,
      payload: { firstName: 'Anne', lastName: 'Meier', companyName: 'Meier GmbH' },
    });
    expect(profile.json()).toMatchObject({ firstName: 'Anne', lastName: 'Meier', companyName: 'Meier GmbH' });

    const taken = await verifiedUser();
    const takenResponse = await app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers,
      payload: { newEmail: taken.body.email, currentPassword: PASSWORD },
    });
    expect(takenResponse.json()).toMatchObject({
      error: { code: 'EMAIL_TAKEN', message: 'The email has already been taken.' },
    });

    const newEmail = uniqueEmail('moved');
    const requested = await app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers,
      payload: { newEmail, currentPassword: PASSWORD },
    });
    expect(requested.json()).toMatchObject({ email: body.email, pendingEmail: newEmail });
    const code = await latestCode(newEmail, 'change_email');
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/account/email/confirm',
      headers,
      payload: { code },
    });
    expect(confirmed.json()).toMatchObject({ email: newEmail, pendingEmail: null, emailVerified: true });
    expect((await login(newEmail, PASSWORD, '10.9.0.1')).statusCode).toBe(200);
  });

  it('stores settings, and new sessions follow the chosen lifetime', async () => {
    const { body, headers } = await verifiedUser();
    expect((await app.inject({ url: '/api/account/settings', headers })).json()).toEqual({
      language: 'en',
      theme: 'light',
      defaultAssistant: 'expert',
      knowledgeBaseSearch: true,
      sessionLifetimeDays: 30,
    });
    const updated = await app.inject({
      method: 'PATCH',
      url: '/api/account/settings',
      headers,
      payload: {
        language: 'fr',
        defaultAssistant: 'prompt_engineer',
        knowledgeBaseSearch: false,
        sessionLifetimeDays: 7,
      },
    });
    expect(updated.json()).toMatchObject({
      language: 'fr',
      defaultAssistant: 'prompt_engineer',
      sessionLifetimeDays: 7,
    });
    expect((await app.inject({ url: '/api/auth/session', headers })).json()).toMatchObject({
      user: { language: 'fr' },
    });
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/account/settings',
      headers,
      payload: { sessionLifetimeDays: 5 },
    });
    expect(bad.statusCode).toBe(400);

    const fresh = await login(body.email, PASSWORD, '10.10.0.1');
    const sessionList = await app.inject({
      url: '/api/account/sessions',
      headers: { authorization: `Bearer ${fresh.json().token}` },
    });
    const current = sessionList.json().sessions.find((session: { current: boolean }) => session.current);
    const days = (new Date(current.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
  });

  it('lists sessions and signs out one or all others, never someone else’s', async () => {
    const { body, headers } = await verifiedUser();
    const second = await login(body.email, PASSWORD, '10.11.0.1');
    await login(body.email, PASSWORD, '10.11.0.2');
    const list = (await app.inject({ url: '/api/account/sessions', headers })).json().sessions as {
      id: string;
      current: boolean;
    }[];
    expect(list).toHaveLength(3);
    expect(list[0]?.current).toBe(true);

    const stranger = await createTestUser(app);
    const strangers = await app.db.select().from(sessions).where(eq(sessions.userId, stranger.user.id));
    const foreign = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${strangers[0]?.id}`, headers });
    expect(foreign.statusCode).toBe(404);

    const secondId = list.find((session) => !session.current)?.id;
    expect((await app.inject({ method: 'DELETE', url: `/api/account/sessions/${secondId}`, headers })).statusCode).toBe(
      200,
    );
    const others = await app.inject({ method: 'POST', url: '/api/account/sessions/revoke-others', headers });
    expect(others.json().revoked).toBeGreaterThanOrEqual(1);
    expect((await app.inject({ url: '/api/account/sessions', headers })).json().sessions).toHaveLength(1);
    expect(second.statusCode).toBe(200);
  });
});

describe('admin: users', () => {
  it('creates the first admin from ADMIN_EMAIL at start-up, verified, able to sign in', async () => {
    const response = await login('root@example.test', 'admin password 1', '10.20.0.1');
    expect(response.json()).toMatchObject({ user: { role: 'admin', emailVerified: true } });
  });

  it('refuses non-admins with 403 and anonymous callers with 401', async () => {
    const member = await createTestUser(app);
    const forbidden = await app.inject({ url: '/api/admin/users', headers: member.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await app.inject({ url: '/api/admin/users' })).statusCode).toBe(401);
    const target = await createTestUser(app);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${target.user.id}`,
      headers: member.headers,
    });
    expect(del.statusCode).toBe(403);
  });

  it('lists with search and paging', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    await createTestUser(app, { lastName: 'Zebrafinch', email: uniqueEmail('zebra') });
    await createTestUser(app, { lastName: 'Zebrafinch', email: uniqueEmail('zebra') });
    const page1 = await app.inject({ url: '/api/admin/users?search=zebrafinch&pageSize=1', headers: admin.headers });
    expect(page1.json()).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page1.json().users).toHaveLength(1);
    const page2 = await app.inject({
      url: '/api/admin/users?search=zebrafinch&pageSize=1&page=2',
      headers: admin.headers,
    });
    expect(page2.json().users[0].id).not.toBe(page1.json().users[0].id);
    expect(page1.json().users[0]).toMatchObject({ lastName: 'Zebrafinch', status: 'active', role: 'user' });
    const percent = await app.inject({ url: '/api/admin/users?search=%25', headers: admin.headers });
    expect(percent.json().total).toBe(0);
  });

  it('promotes, demotes, disables (signing out) and re-enables, all audited', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const target = await createTestUser(app);
    const url = `/api/admin/users/${target.user.id}`;
    expect(
      (await app.inject({ method: 'PATCH', url, headers: admin.headers, payload: { role: 'admin' } })).json(),
    ).toMatchObject({
      role: 'admin',
    });
    expect(
      (await app.inject({ method: 'PATCH', url, headers: admin.headers, payload: { role: 'user' } })).json(),
    ).toMatchObject({
      role: 'user',
    });
    const disabled = await app.inject({
      method: 'PATCH',
      url,
      headers: admin.headers,
      payload: { status: 'disabled' },
    });
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    expect((await app.inject({ url: '/api/auth/session', headers: target.headers })).statusCode).toBe(401);
    const live = await app.db.select().from(sessions).where(eq(sessions.userId, target.user.id));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    await app.inject({ method: 'PATCH', url, headers: admin.headers, payload: { status: 'active' } });
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.targetUserId, target.user.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'admin.user_demoted',
      'admin.user_disabled',
      'admin.user_enabled',
      'admin.user_promoted',
    ]);
    expect(entries.every((entry) => entry.actorUserId === admin.user.id)).toBe(true);
    const log = await app.inject({ url: '/api/admin/audit-log?pageSize=5', headers: admin.headers });
    expect(log.json().entries[0]).toMatchObject({ action: 'admin.user_enabled', actorEmail: admin.user.email });
  });

  it('deletes a user with their data, and audits it', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const { user } = await signup();
    const owner = await createTestUser(app);
    const upload = await uploadFile(app, owner.headers, 'mine.txt', 'Private notes on MROS reporting.');
    const fileId = upload.json().file.id as string;
    const [file] = await app.db.select().from(files).where(eq(files.id, fileId));
    expect(await app.storage.exists(file!.storageKey)).toBe(true);
    const removeOwner = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${owner.user.id}`,
      headers: admin.headers,
    });
    expect(removeOwner.statusCode).toBe(200);
    // The blob goes with the account, not only the rows.
    expect(await app.storage.exists(file!.storageKey)).toBe(false);
    expect(await app.db.select().from(files).where(eq(files.id, fileId))).toHaveLength(0);
    const response = await app.inject({ method: 'DELETE', url: `/api/admin/users/${user.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(await app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await app.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id))).toHaveLength(0);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.user_deleted'), eq(auditLog.targetEmail, user.email)));
    expect(entry).toMatchObject({ targetEmail: user.email, targetUserId: null });
    const again = await app.inject({ method: 'DELETE', url: `/api/admin/users/${user.id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
  });

  it('never demotes, disables or deletes the last admin, nor lets admins delete themselves', async () => {
    const solo = await createTestApp();
    try {
      const admin = await createTestUser(solo, { role: 'admin' });
      const url = `/api/admin/users/${admin.user.id}`;
      const demote = await solo.inject({ method: 'PATCH', url, headers: admin.headers, payload: { role: 'user' } });
      expect(demote.json()).toMatchObject({ error: { code: 'LAST_ADMIN' } });
      const disable = await solo.inject({
        method: 'PATCH',
        url,
        headers: admin.headers,
        payload: { status: 'disabled' },
      });
      expect(disable.json()).toMatchObject({ error: { code: 'LAST_ADMIN' } });
      const remove = await solo.inject({ method: 'DELETE', url, headers: admin.headers });
      expect(remove.json()).toMatchObject({ error: { code: 'CANNOT_CHANGE_OWN_ACCOUNT' } });

      const second = await createTestUser(solo, { role: 'admin' });
      const demoteSecond = await solo.inject({
        method: 'PATCH',
        url: `/api/admin/users/${second.user.id}`,
        headers: admin.headers,
        payload: { role: 'user' },
      });
      expect(demoteSecond.json()).toMatchObject({ role: 'user' });
      // The second one, now a user, cannot act as an admin.
      expect((await solo.inject({ method: 'DELETE', url, headers: second.headers })).statusCode).toBe(403);
    } finally {
      await solo.close();
    }
  });

  it('lets admins demote or disable themselves only with an explicit confirmation', async () => {
    const self = await createTestUser(app, { role: 'admin' });
    await createTestUser(app, { role: 'admin' });
    const url = `/api/admin/users/${self.user.id}`;
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url, headers: self.headers, payload });

    for (const payload of [{ role: 'user' }, { status: 'disabled' }, { role: 'user', confirmSelf: false }]) {
      const refused = await patch(payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'SELF_CHANGE_UNCONFIRMED' } });
    }
    // Nothing changed: still an admin.
    expect((await app.inject({ url: '/api/admin/users', headers: self.headers })).statusCode).toBe(200);
    // Saving the role one already has is no change and needs no confirmation.
    expect((await patch({ role: 'admin' })).json()).toMatchObject({ role: 'admin', status: 'active' });

    const demoted = await patch({ role: 'user', confirmSelf: true });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'user' });
    const forbidden = await app.inject({ url: '/api/admin/users', headers: self.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });
});

describe('ADMIN_EMAIL at start-up', () => {
  it('promotes an existing account only with ADMIN_PASSWORD, signing out whoever held the address', async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-admin-start-'));
    const build = (env: Record<string, string> = {}) =>
      buildApp(testConfig({ DATA_DIR: dataDir, ...env }), {
        logger: false,
        // The first app must not close the database the second one opens.
        database: { ...database.handle, close: async () => undefined },
        jobs: { runInProcess: false },
        library: { seedKnowledgeBase: false, stuckFileSweepMs: 0 },
      });
    const before = await build();
    // Someone signed up with the address before the operator named it ADMIN_EMAIL.
    const squatter = await createTestUser(before, {
      email: 'ops@example.test',
      passwordHash: await hashPassword('squatter password 1'),
    });
    await before.close();

    const after = await build({ ADMIN_EMAIL: 'ops@example.test', ADMIN_PASSWORD: 'operator password 1' });
    try {
      const signIn = (password: string) =>
        after.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'ops@example.test', password },
          remoteAddress: '10.30.0.1',
        });
      expect((await after.inject({ url: '/api/auth/session', headers: squatter.headers })).statusCode).toBe(401);
      expect((await signIn('squatter password 1')).statusCode).toBe(401);
      const operator = await signIn('operator password 1');
      expect(operator.json()).toMatchObject({ user: { role: 'admin' } });
    } finally {
      await after.close();
      await database.handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
