// Starts the real server for the journeys: the embedded default (PGlite) in a fresh temporary
// DATA_DIR, so every run begins from an empty install exactly like a new user's first start.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpServer } from './accounts-server.ts';
import { mailboxFile } from './mailbox.ts';
import { startStripeForJourneys } from './stripe-checkout-page.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'compliance-e2e-'));
// Each journey signs up its own user: the server's mail goes to a local SMTP server, whose messages
// land in a file the journeys read the verification codes from (support/mailbox.ts).
const smtp = await startSmtpServer({
  onMessage: (message) => appendFileSync(mailboxFile, `${JSON.stringify(message)}\n`),
});
writeFileSync(mailboxFile, '');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '3199',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // The first admin, created at start-up: setAuthToken() signs in as this account for a real session.
  ADMIN_EMAIL: 'e2e-admin@example.test',
  ADMIN_PASSWORD: 'e2e admin password 1',
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Compliance Assistant <no-reply@example.test>',
  // Every journey signs up, asks and uploads from this one address: per-endpoint budgets sized for it.
  RATE_LIMIT_SIGNUP: '1000/1h',
  RATE_LIMIT_SIGNIN: '1000/15m',
  RATE_LIMIT_CODE_SEND_IP: '1000/1h',
  RATE_LIMIT_CODE_CHECK: '1000/15m',
  RATE_LIMIT_CHAT: '1000/1m',
  RATE_LIMIT_UPLOAD: '1000/1h',
  RATE_LIMIT_SEARCH: '1000/1m',
  RATE_LIMIT_PURCHASE: '1000/1h',
  // The journeys' stand-in servers (a Teams webhook, an unreachable WebDAV address) run on this machine,
  // on 127.0.0.1: the integrations' guard against private and loopback addresses is lifted for them.
  INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true',
};
// The journeys exercise the product as shipped: no external services.
for (const name of [
  'DATABASE_URL',
  'REDIS_URL',
  'LLM_BASE_URL',
  'WEB_SEARCH_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
  'S3_ENDPOINT',
]) {
  delete env[name];
}
// E2E_PAYMENTS=stripe: payments through the `stripe` SDK and signed webhooks, against a local
// stand-in for Stripe's API and hosted Checkout page (support/stripe-checkout-page.ts).
const stripe =
  process.env.E2E_PAYMENTS === 'stripe'
    ? await startStripeForJourneys(`http://127.0.0.1:${env.PORT}/api/billing/webhooks/stripe`)
    : undefined;
Object.assign(env, stripe?.env);

const server = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '../apps/server/src/server.ts'], {
  env,
  stdio: 'inherit',
});

function stop(): void {
  server.kill('SIGTERM');
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  void smtp.close();
  void stripe?.close();
  process.exit(code ?? 0);
});
