// Memory soak on the embedded default (PGlite): the real server in its own process, after the
// starter knowledge base is indexed, under a steady mixed load for 10 minutes (`--quick`: 1 minute)
// — signed-in lists, knowledge-base searches and answer streams, a few at a time, from this process
// over loopback — with the server's RSS sampled every 30 s (`--quick`: every 10 s).
// Bounded in time; every request goes to 127.0.0.1.
import fs from 'node:fs';
import os from 'node:os';
import { parseStreamBlock } from '../../packages/shared/src/chat.ts';
import type { BenchContext, BenchResult } from '../run.ts';
import { cpuMs, startAppServer, waitUntilIdle } from '../lib/server.ts';
import { benchAdminEnv, signIn } from '../lib/session.ts';
import { summarise } from '../stats.ts';

const labelled = JSON.parse(fs.readFileSync(new URL('../../eval/answers.json', import.meta.url), 'utf8')) as {
  questions: { question: string }[];
  outOfScope: { question: string }[];
};
const questions = [...labelled.questions, ...labelled.outOfScope].map((item) => item.question);
const searches = [
  'beneficial owner',
  'Geldwäscherei Meldepflicht',
  'Form ADV brochure',
  'sanctions screening',
  'obligation de diligence',
  'custody rule',
  'vigilanza',
  'Cyber-Angriffe',
];

export async function run(context: BenchContext): Promise<BenchResult[]> {
  const seconds = context.size === 'small' ? 60 : 600;
  const sampleEvery = context.size === 'small' ? 10 : 30;
  const clients = 4;
  const server = await startAppServer({ ...context.databaseEnv, ...benchAdminEnv });
  try {
    await waitUntilIdle(server.pid);
    const token = await signIn(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const assistants = (await (await fetch(`${server.url}/api/assistants`)).json()) as { assistants: { id: string }[] };
    const assistantId = assistants.assistants[0]!.id;

    const samples: { second: number; rss: number; load: number }[] = [];
    const sample = (second: number) =>
      samples.push({ second, rss: server.rssMiB(), load: Math.round(os.loadavg()[0]! * 10) / 10 });
    sample(0);
    const cpuBefore = cpuMs(server.pid);
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const timer = setInterval(() => sample(Math.round((performance.now() - started) / 1000)), sampleEvery * 1000);
    const timings: Record<'list' | 'search' | 'answer', number[]> = { list: [], search: [], answer: [] };
    let failed = 0;
    let turn = 0;

    async function client() {
      while (performance.now() < deadline) {
        const step = turn++;
        const kind = (['list', 'search', 'answer'] as const)[step % 3]!;
        const begun = performance.now();
        try {
          let ok: boolean;
          if (kind === 'list') {
            const response = await fetch(`${server.url}/api/chat/conversations`, { headers });
            await response.arrayBuffer();
            ok = response.ok;
          } else if (kind === 'search') {
            const q = searches[step % searches.length]!;
            const response = await fetch(`${server.url}/api/knowledge/search?q=${encodeURIComponent(q)}&limit=10`, {
              headers,
            });
            await response.arrayBuffer();
            ok = response.ok;
          } else {
            ok = await answer(server.url, headers, assistantId, questions[step % questions.length]!);
          }
          if (ok) timings[kind].push(performance.now() - begun);
          else failed += 1;
        } catch {
          failed += 1;
        }
      }
    }
    await Promise.all(Array.from({ length: clients }, client));
    clearInterval(timer);
    sample(Math.round((performance.now() - started) / 1000));

    const rss = samples.map((entry) => entry.rss);
    return [
      {
        name: `${seconds / 60} min mixed load, ${clients} clients (lists, searches, answers)`,
        metrics: {
          lists: timings.list.length,
          searches: timings.search.length,
          answers: timings.answer.length,
          failed,
          'server CPU s': Math.round((cpuMs(server.pid) - cpuBefore) / 1000),
          ...Object.fromEntries(
            Object.entries(summarise(timings.answer)).map(([key, value]) => [`answer ${key}`, value]),
          ),
        },
      },
      {
        name: `server RSS every ${sampleEvery} s (MiB; 1-minute load in brackets)`,
        metrics: {
          'after start': rss[0]!,
          min: Math.min(...rss),
          max: Math.max(...rss),
          end: rss.at(-1)!,
          samples: samples.map((entry) => `${entry.second}s ${entry.rss} (${entry.load})`).join(', '),
        },
      },
    ];
  } finally {
    await server.stop();
  }
}

async function answer(url: string, headers: Record<string, string>, assistantId: string, content: string) {
  const response = await fetch(`${url}/api/chat/conversations`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ assistantId, content }),
  });
  if (!response.ok || !response.body) {
    await response.arrayBuffer().catch(() => undefined);
    return false;
  }
  const text = await response.text();
  return text
    .split('\n\n')
    .map((block) => parseStreamBlock(block))
    .some((event) => event?.event === 'done');
}
