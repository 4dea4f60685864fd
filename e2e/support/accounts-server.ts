// The accounts journeys need a real SMTP server: this starts one in the test process, and a server of
// the app of its own that sends its mail there (the shared journeys' server has no SMTP on purpose).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

export async function startSmtpServer({ onMessage }: { onMessage?: (message: ReceivedMail) => void } = {}) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        messages.push(message);
        onMessage?.(message);
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The mails received for `address` so far. */
    mailsTo: (address: string) => messages.filter((message) => message.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The 6-digit code on its own line of a mail (the text part). */
export function codeFrom(raw: string): string {
  const match = /^(\d{6})\r?$/m.exec(raw);
  if (!match?.[1]) throw new Error(`No code in mail:\n${raw.slice(0, 800)}`);
  return match[1];
}

export const accountsAdmin = { email: 'accounts-admin@example.test', password: 'accounts admin password 1' };

export async function startAccountsServer(smtpUrl: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'compliance-e2e-accounts-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'LLM_BASE_URL',
    'WEB_SEARCH_URL',
    'STRIPE_SECRET_KEY',
    'S3_ENDPOINT',
  ]) {
    delete env[name];
  }
  const child: ChildProcess = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', resolve(import.meta.dirname, '../../apps/server/src/server.ts')],
    {
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SMTP_URL: smtpUrl,
        MAIL_FROM: 'Compliance Assistant <no-reply@example.test>',
        ADMIN_EMAIL: accountsAdmin.email,
        ADMIN_PASSWORD: accountsAdmin.password,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/ready`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('The accounts server did not start');
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    baseURL,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
