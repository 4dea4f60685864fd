import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.ts';
import { getFreePort } from './helpers/server-process.ts';
import { codeFrom, startTestSmtpServer } from './helpers/smtp-server.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const PASSWORD = 'correct horse 42';

describe('e-mail over a real SMTP server (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let app: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    app = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Compliance Assistant <no-reply@example.test>' },
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('sends the verification code in the background, in the user’s language, and the code verifies', async () => {
    const email = `smtp-${Date.now()}@example.test`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Luca',
        lastName: 'Rossi',
        email,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        companyName: 'Rossi SA',
        language: 'it',
      },
    });
    expect(signup.statusCode).toBe(201);
    // Nothing is sent during the request itself.
    expect(smtp.messages.filter((message) => message.to.includes(email))).toHaveLength(0);
    await app.jobs.runDueJobs();
    const mail = await smtp.waitForMail(email);
    expect(mail.from).toBe('no-reply@example.test');
    expect(mail.raw).toMatch(/Subject: Il suo codice di verifica: \d{6}/);
    const outbox = await app.mail.latestTo(email);
    expect(outbox).toMatchObject({ status: 'sent', attempts: 1 });
    const code = codeFrom(outbox?.textBody ?? '');
    expect(mail.raw).toContain(code);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: { authorization: `Bearer ${signup.json().token}` },
      payload: { code },
    });
    expect(verified.json()).toMatchObject({ user: { emailVerified: true } });
  });
});

describe('e-mail when the SMTP server does not answer', () => {
  it('keeps the mail queued with the error, for the job to retry', async () => {
    const port = await getFreePort();
    const app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const email = `down-${Date.now()}@example.test`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { email },
      });
      expect(response.statusCode).toBe(202);
      const { outboxId } = await app.mail.queue(
        { userId: null, email, language: 'en' },
        { name: 'password_changed', vars: { firstName: 'Kim' } },
      );
      await app.jobs.runDueJobs();
      const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row?.lastError).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});
