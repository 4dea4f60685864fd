// The chat: time to first streamed token with the offline engine (real HTTP on loopback, the starter
// knowledge base imported and indexed in a fresh embedded database), and how many answer streams one
// server holds open at once. Retrieval at 100k chunks is measured by the search suite (the chat's
// retrieval is up to four `searchChunks` calls of that kind per question).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseStreamBlock } from '../../packages/shared/src/chat.ts';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/plugins/env.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import type { BenchContext, BenchResult } from '../run.ts';
import { summarise } from '../stats.ts';

const questions = [
  'When must a Form ADV brochure be delivered?',
  'Wer muss der MROS Verdachtsmeldungen erstatten?',
  'Quels pays sont sur la liste grise du GAFI ?',
  'How should a cyber attack be reported to FINMA?',
];

async function startApp(paceMs: number): Promise<{ app: App; address: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-chat-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  const app = await buildApp(config, {
    logger: false,
    jobs: { runInProcess: false },
    rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    chat: { offlinePaceMs: paceMs },
  });
  for (let round = 0; round < 30; round += 1) if ((await app.jobs.runDueJobs()) === 0) break;
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address, dataDir };
}

async function ask(address: string, token: string, assistantId: string, content: string) {
  const started = performance.now();
  const response = await fetch(`${address}/api/chat/conversations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ assistantId, content }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let firstToken = 0;
  let done = false;
  for (;;) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) !== -1) {
      const event = parseStreamBlock(buffer.slice(0, boundary));
      buffer = buffer.slice(boundary + 2);
      if (event?.event === 'delta' && !firstToken) firstToken = performance.now() - started;
      if (event?.event === 'done') done = true;
    }
  }
  return { firstToken, total: performance.now() - started, done };
}

async function session(app: App, address: string) {
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
  const assistants = (await (await fetch(`${address}/api/assistants`)).json()) as { assistants: { id: string }[] };
  return { token, assistantId: assistants.assistants[0]!.id };
}

export async function run(context: BenchContext): Promise<BenchResult[]> {
  const RUNS = context.size === 'small' ? 10 : 40;
  const CONCURRENT = context.size === 'small' ? 50 : 200;
  const results: BenchResult[] = [];

  // 1. Time to first token and to the whole answer, unpaced (the engine's own cost).
  const unpaced = await startApp(0);
  try {
    const { token, assistantId } = await session(unpaced.app, unpaced.address);
    const first: number[] = [];
    const total: number[] = [];
    for (let index = 0; index < RUNS + 4; index += 1) {
      const result = await ask(unpaced.address, token, assistantId, questions[index % questions.length]!);
      if (index >= 4) {
        first.push(result.firstToken);
        total.push(result.total);
      }
    }
    results.push({ name: 'offline engine: time to first streamed token', metrics: summarise(first) });
    results.push({ name: 'offline engine: whole answer (unpaced)', metrics: summarise(total) });
  } finally {
    await unpaced.app.close();
    fs.rmSync(unpaced.dataDir, { recursive: true, force: true });
  }

  // 2. Concurrent open streams: answers paced as shipped (12 ms per piece), all started at once.
  const paced = await startApp(12);
  try {
    const { token, assistantId } = await session(paced.app, paced.address);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const all = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, index) =>
        ask(paced.address, token, assistantId, questions[index % questions.length]!),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    results.push({
      name: `${CONCURRENT} concurrent streams (loopback, one server)`,
      metrics: {
        completed: all.filter((result) => result.done).length,
        ...Object.fromEntries(
          Object.entries(summarise(all.map((result) => result.firstToken))).map(([key, value]) => [
            `first token ${key}`,
            value,
          ]),
        ),
        'wall s': Math.round(seconds * 10) / 10,
        'rss +MB': Math.round((process.memoryUsage().rss - rssBefore) / 1_048_576),
      },
    });
  } finally {
    await paced.app.close();
    fs.rmSync(paced.dataDir, { recursive: true, force: true });
  }
  return results;
}
