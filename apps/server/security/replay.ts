import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parseStreamBlock, type StreamEvent } from '@compliance/shared/chat';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { endpointRateLimits, loadConfig } from '../src/plugins/env.ts';
import { createLoggerOptions } from '../src/plugins/logger.ts';
import { createTestUser } from '../test/helpers/factories.ts';
import { codeFrom, startTestSmtpServer } from '../test/helpers/smtp-server.ts';
import { multipartFile } from '../test/helpers/uploads.ts';
import { createWebDistFixture } from '../test/helpers/web-dist-fixture.ts';
import {
  attacks as allAttacks,
  replayLimits,
  type Attack,
  type HttpResult,
  type LlmRequest,
  type ReplayTarget,
  type RequestOptions,
} from './attacks.ts';

/**
 * The security replay: the real app, started in this process on a temporary DATA_DIR (embedded PGlite
 * unless a database is given), listening on 127.0.0.1, attacked over real HTTP and WebSocket by every
 * class of attacks.ts. Mail goes to a local SMTP stand-in and the language model is a local
 * OpenAI-compatible stand-in, so nothing leaves the machine.
 */

export interface AttackResult {
  id: string;
  title: string;
  guards: string;
  safe: boolean;
  /** One line: what was sent and what came back. */
  evidence: string;
  durationMs: number;
}

export interface ReplayOptions {
  /** Run against this database instead of a PGlite in the temporary DATA_DIR (the suite's test database). */
  database?: DatabaseHandle;
  /** Only these attack classes (by id); default all. */
  only?: string[];
  /** Called after each attack class (the CLI prints progress). */
  onResult?: (result: AttackResult) => void;
}

/** No attack class may take longer than this; one that does is reported unsafe (not proven safe). */
const ATTACK_TIMEOUT_MS = 90_000;

export async function runReplay({ database, only, onResult }: ReplayOptions = {}): Promise<AttackResult[]> {
  const selected = only ? allAttacks.filter((attack) => only.includes(attack.id)) : allAttacks;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-security-replay-'));
  const web = createWebDistFixture();
  const smtp = await startTestSmtpServer();
  const llm = await startLlmStandIn();
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const generousLimits = Object.fromEntries(
    Object.values(endpointRateLimits).map(({ variable }) => [variable, '100000/1h']),
  );
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: web.dir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    // The replay's clients come through "a proxy on loopback": each attack picks its client address.
    TRUST_PROXY: 'loopback',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Security Replay <replay@example.test>',
    LLM_BASE_URL: llm.url,
    LLM_MODEL: 'replay-model',
    RATE_LIMIT_MAX: String(replayLimits.globalMax),
    RATE_LIMIT_WINDOW_MS: '60000',
    ...generousLimits,
    RATE_LIMIT_SIGNUP: `${replayLimits.signupMax}/1h`,
    RATE_LIMIT_CODE_CHECK_ADDRESS: `${replayLimits.codeChecksPerAddress}/1d`,
  });

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    app = await buildApp(config, {
      // Debug level and JSON lines: the most a production log could ever hold.
      logger: { ...createLoggerOptions({ logLevel: 'debug' }, { pretty: false }), stream: logStream },
      database,
      jobs: { pollIntervalMs: 50 },
      library: { seedKnowledgeBase: false, stuckFileSweepMs: 0 },
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const target = createTarget(app, address, { smtp, llm, logLines });
    const results: AttackResult[] = [];
    for (const attack of selected) {
      const result = await runOne(attack, target);
      results.push(result);
      onResult?.(result);
    }
    return results;
  } finally {
    await app?.close().catch(() => undefined);
    await Promise.all([smtp.close(), llm.close()]);
    web.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runOne(attack: Attack, target: ReplayTarget): Promise<AttackResult> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no verdict within ${ATTACK_TIMEOUT_MS / 1000} s`)), ATTACK_TIMEOUT_MS);
  });
  try {
    const { safe, evidence } = await Promise.race([attack.run(target), timeout]);
    return { ...identity(attack), safe, evidence: oneLine(evidence), durationMs: Date.now() - started };
  } catch (error) {
    // An attack that could not be carried out proves nothing: it is not reported safe.
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...identity(attack),
      safe: false,
      evidence: oneLine(`replay error: ${message}`),
      durationMs: Date.now() - started,
    };
  } finally {
    clearTimeout(timer);
  }
}

function identity(attack: Attack) {
  return { id: attack.id, title: attack.title, guards: attack.guards };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

interface TargetParts {
  smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  llm: Awaited<ReturnType<typeof startLlmStandIn>>;
  logLines: string[];
}

function createTarget(
  app: Awaited<ReturnType<typeof buildApp>>,
  baseUrl: string,
  { smtp, llm, logLines }: TargetParts,
): ReplayTarget {
  let ipCounter = 0;
  let assistant: string | undefined;

  async function request(url: string, options: RequestOptions = {}): Promise<HttpResult> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? '192.0.2.1', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Uint8Array | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(new URL(url, baseUrl), {
      method: options.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
    });
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    return { status: response.status, headers: response.headers, text, data };
  }

  async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    let pause = 25;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 500);
    }
  }

  const nextIp = () => {
    ipCounter += 1;
    const range = ['203.0.113', '198.51.100', '192.0.2'][Math.floor(ipCounter / 250) % 3];
    return `${range}.${(ipCounter % 250) + 2}`;
  };

  const target: ReplayTarget = {
    baseUrl,
    app,
    request,
    nextIp,
    waitFor,
    logLines: () => logLines.slice(),
    llmRequests: () => llm.requests.slice(),
    waitForMail: (address, skip = 0) => smtp.waitForMail(address, { skip, timeoutMs: 30_000 }),

    async signUp() {
      const email = `replay-${randomUUID()}@example.test`;
      const password = `Replay-${randomBytes(6).toString('hex')}-7`;
      const created = await request('/api/auth/signup', {
        method: 'POST',
        ip: nextIp(),
        json: {
          firstName: 'Replay',
          lastName: 'User',
          email,
          password,
          passwordConfirmation: password,
          companyName: 'Replay AG',
        },
      });
      if (created.status !== 201) throw new Error(`sign-up answered ${created.status}: ${created.text.slice(0, 200)}`);
      const { token, user } = created.data as { token: string; user: { id: string } };
      const mail = await app.mail.latestTo(email, 'verify_email');
      if (!mail) throw new Error(`no verification mail to ${email}`);
      const code = codeFrom(mail.textBody);
      const verified = await request('/api/auth/verify-email', { method: 'POST', token, json: { code } });
      if (verified.status !== 200) throw new Error(`verification answered ${verified.status}: ${verified.text}`);
      return { email, password, token, userId: user.id, code };
    },

    async createUser() {
      const { user, token } = await createTestUser(app);
      return { email: user.email, token, userId: user.id };
    },

    async createAdmin() {
      const { user, token } = await createTestUser(app, { role: 'admin' });
      return { email: user.email, token, userId: user.id };
    },

    async upload(token, fileName, content, { type = 'text/plain', folderId } = {}) {
      const multipart = multipartFile(fileName, content, type);
      return request(`/api/documents/files${folderId ? `?folderId=${folderId}` : ''}`, {
        method: 'POST',
        token,
        headers: multipart.headers,
        body: multipart.payload,
      });
    },

    async waitForFile(token, fileId) {
      return waitFor(`file ${fileId} to finish ingestion`, async () => {
        const response = await request(`/api/documents/files/${fileId}`, { token });
        const file = response.data as { status: string; failureCode: string | null; chunkCount: number };
        return file.status === 'ready' || file.status === 'failed' ? file : undefined;
      });
    },

    async ask(token, content) {
      if (!assistant) {
        const list = await request('/api/assistants');
        const found = (list.data as { assistants: { id: string; slug: string }[] }).assistants.find(
          (item) => item.slug === 'ai-expert',
        );
        if (!found) throw new Error('no ai-expert assistant');
        assistant = found.id;
      }
      const response = await request('/api/chat/conversations', {
        method: 'POST',
        token,
        json: { assistantId: assistant, content },
      });
      const events = response.text
        .split(/\n\n/)
        .map((block) => parseStreamBlock(block))
        .filter((event): event is StreamEvent => event !== null);
      const meta = events.find((event) => event.event === 'meta');
      const conversationId = meta?.event === 'meta' ? (meta.data.conversationId ?? undefined) : undefined;
      return { status: response.status, conversationId, events: events.map((event) => event.event) };
    },

    blobFiles() {
      const root = path.join(app.config.dataDir, 'files');
      if (!fs.existsSync(root)) return [];
      return fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .sort();
    },
  };
  return target;
}

/**
 * A local OpenAI-compatible chat API that records every request and streams one short answer: the
 * replay reads what the server would have sent to a real model.
 */
async function startLlmStandIn() {
  const requests: LlmRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        requests.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as LlmRequest);
      } catch {
        // Recorded as nothing: the replay only reads well-formed requests.
      }
      const chunk = (delta: { content?: string }, finish: string | null = null) =>
        `data: ${JSON.stringify({
          id: 'chatcmpl-replay',
          object: 'chat.completion.chunk',
          created: 0,
          model: 'replay-model',
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk({ content: 'The sources describe reporting duties [1].' }));
      response.write(chunk({}, 'stop'));
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
