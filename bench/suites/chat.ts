// The chat with the offline engine, on each database:
// 1. one stream at a time (in this process, unpaced): the engine's own cost per answer;
// 2. many answer streams opened at once against the real server in its own process (paced as
//    shipped): time to first token, whole answer, the server's CPU and RSS before and after.
// The questions are the labelled ones of eval/answers.json (four languages, in and out of scope),
// taken in a shuffled order, so no answer is the same as the one before it.
// Retrieval at 100k chunks is measured by the search suite.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseStreamBlock } from '../../packages/shared/src/chat.ts';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/plugins/env.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import type { BenchContext, BenchResult } from '../run.ts';
import { cpuMs, startAppServer, waitUntilIdle } from '../lib/server.ts';
import { benchAdminEnv, signIn } from '../lib/session.ts';
import { summarise } from '../stats.ts';

export const perDatabase = 'each';

const labelled = JSON.parse(fs.readFileSync(new URL('../../eval/answers.json', import.meta.url), 'utf8')) as {
  questions: { question: string }[];
  outOfScope: { question: string }[];
};

/** Every labelled question, in an order fixed by `seed` (a small linear congruential shuffle). */
function varied(seed: number): string[] {
  const all = [...labelled.questions, ...labelled.outOfScope].map((item) => item.question);
  let state = seed;
  for (let index = all.length - 1; index > 0; index -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const other = state % (index + 1);
    [all[index], all[other]] = [all[other]!, all[index]!];
  }
  return all;
}

async function startInProcess(
  databaseEnv: Record<string, string>,
): Promise<{ app: App; address: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-chat-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // The chat's own per-minute limit would refuse the later questions of the run.
    RATE_LIMITS: 'off',
    ...databaseEnv,
  });
  const app = await buildApp(config, {
    logger: false,
    jobs: { runInProcess: false },
    rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    chat: { offlinePaceMs: 0 },
  });
  for (let round = 0; round < 30; round += 1) if ((await app.jobs.runDueJobs()) === 0) break;
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address, dataDir };
}

interface Asked {
  firstToken: number;
  total: number;
  done: boolean;
  /** The connection failed (refused or reset): counted, so one lost socket among 1,000 does not void the run. */
  lost?: boolean;
}

/** Every connection of the run at once, kept open between questions. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

async function ask(address: string, token: string, assistantId: string, content: string): Promise<Asked> {
  const started = performance.now();
  try {
    return await askOnce(address, token, assistantId, content, started);
  } catch {
    return { firstToken: Number.NaN, total: performance.now() - started, done: false, lost: true };
  }
}

/**
 * Over node:http rather than fetch: with 1,000 streams, fetch's web streams cost the load generator
 * about 0.8 s of CPU against 0.45 s, on the same two cores as the server under test.
 */
function askOnce(
  address: string,
  token: string,
  assistantId: string,
  content: string,
  started: number,
): Promise<Asked> {
  const body = JSON.stringify({ assistantId, content });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${address}/api/chat/conversations`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          response.on('end', () =>
            resolve({ firstToken: Number.NaN, total: performance.now() - started, done: false }),
          );
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        let firstToken = Number.NaN;
        let done = false;
        response.on('data', (text: string) => {
          buffer += text;
          let boundary: number;
          while ((boundary = buffer.indexOf('\n\n')) !== -1) {
            const event = parseStreamBlock(buffer.slice(0, boundary));
            buffer = buffer.slice(boundary + 2);
            if (event?.event === 'delta' && Number.isNaN(firstToken)) firstToken = performance.now() - started;
            if (event?.event === 'done') done = true;
          }
        });
        response.on('end', () => resolve({ firstToken, total: performance.now() - started, done }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function inProcessSession(app: App, address: string) {
  const [user] = await app.db
    .insert(users)
    .values({
      email: `bench-${Math.random()}@example.test`,
      firstName: 'B',
      lastName: 'B',
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
    })
    .returning();
  const { token } = await app.sessions.create(user!.id, { userAgent: 'bench' });
  return { token, assistantId: await firstAssistant(address) };
}

async function firstAssistant(address: string): Promise<string> {
  const assistants = (await (await fetch(`${address}/api/assistants`)).json()) as { assistants: { id: string }[] };
  return assistants.assistants[0]!.id;
}

const prefixed = (prefix: string, metrics: Record<string, number>) =>
  Object.fromEntries(Object.entries(metrics).map(([key, value]) => [`${prefix} ${key}`, value]));

const loadAverage = () => Math.round(os.loadavg()[0]! * 10) / 10;

export async function run(context: BenchContext): Promise<BenchResult[]> {
  const RUNS = context.size === 'small' ? 10 : 40;
  const CONCURRENT = context.size === 'small' ? 50 : 1_000;
  const results: BenchResult[] = [];

  // 1. One stream at a time, unpaced: the engine's own cost per answer.
  const alone = await startInProcess(context.databaseEnv);
  try {
    const { token, assistantId } = await inProcessSession(alone.app, alone.address);
    const questions = varied(1);
    const first: number[] = [];
    const total: number[] = [];
    let withoutToken = 0;
    for (let index = 0; index < RUNS + 4; index += 1) {
      const result = await ask(alone.address, token, assistantId, questions[index % questions.length]!);
      if (index >= 4) {
        if (Number.isNaN(result.firstToken)) withoutToken += 1;
        else first.push(result.firstToken);
        total.push(result.total);
      }
    }
    results.push({
      name: 'offline engine, one stream: time to first token',
      metrics: { ...summarise(first), 'answers without a token': withoutToken },
    });
    results.push({ name: 'offline engine, one stream: whole answer (unpaced)', metrics: summarise(total) });
  } finally {
    await alone.app.close();
    fs.rmSync(alone.dataDir, { recursive: true, force: true });
  }

  // 2. Streams opened all at once against the server in its own process, paced as shipped.
  const server = await startAppServer({ ...context.databaseEnv, ...benchAdminEnv });
  try {
    await waitUntilIdle(server.pid);
    const token = await signIn(server.url);
    const assistantId = await firstAssistant(server.url);
    const questions = varied(2);
    // Warm-up (JIT, connection pool, the glossary and scope data) with questions the load does not ask first.
    for (let index = 0; index < 8; index += 1) {
      await ask(server.url, token, assistantId, questions[questions.length - 1 - index]!);
    }
    const rssBefore = server.rssMiB();
    const cpuBefore = cpuMs(server.pid);
    const load = loadAverage();
    const started = performance.now();
    const all = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, index) =>
        ask(server.url, token, assistantId, questions[index % questions.length]!),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const rssAfter = server.rssMiB();
    const answered = all.filter((result) => !Number.isNaN(result.firstToken));
    results.push({
      name: `${CONCURRENT} concurrent streams (one server process, paced as shipped)`,
      metrics: {
        completed: all.filter((result) => result.done).length,
        'connections lost': all.filter((result) => result.lost).length,
        ...prefixed('first token', summarise(answered.map((result) => result.firstToken))),
        ...prefixed('whole answer', summarise(answered.map((result) => result.total))),
        'wall s': Math.round(seconds * 10) / 10,
        'server CPU s': Math.round((cpuMs(server.pid) - cpuBefore) / 100) / 10,
        'RSS MiB before': rssBefore,
        'RSS MiB after': rssAfter,
        'load 1 min': load,
      },
    });
  } finally {
    await server.stop();
    agent.destroy();
  }
  return results;
}
