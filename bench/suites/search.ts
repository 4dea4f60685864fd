// Knowledge-base search through the API (GET /api/knowledge/search, signed in, over loopback HTTP)
// beside the very SQL statements that request ran, replayed directly on the same connection: what
// the HTTP layer, authentication, validation, serialisation and compression add. The starter knowledge
// base is imported and indexed first, as a fresh install does.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/plugins/env.ts';
import type { BenchContext, BenchResult } from '../run.ts';
import { benchAdminEnv, signIn } from '../lib/session.ts';
import { summarise } from '../stats.ts';

export const perDatabase = 'each';

const queries = ['beneficial owner', 'Geldwäscherei Meldepflicht', 'Form ADV brochure', 'sanctions screening'];

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * One request timed from sending it to its last byte received, Brotli accepted as a browser does: what
 * a load tool such as autocannon measures. Decompressing and parsing the 20 KB answer is the client's
 * work; with `fetch` it ran on the server's event loop and was counted as the API's.
 */
function timedGet(agent: http.Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers: { ...headers, 'accept-encoding': 'br, gzip' } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`search answered ${response.statusCode}`));
          return;
        }
        response.on('data', () => undefined);
        response.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });
}

export async function run(context: BenchContext): Promise<BenchResult[]> {
  const runs = context.size === 'small' ? 30 : 200;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-search-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...benchAdminEnv,
    ...context.databaseEnv,
  });
  const app = await buildApp(config, { logger: false });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { authorization: `Bearer ${await signIn(address)}` };
    const searchUrl = (q: string) => `${address}/api/knowledge/search?q=${encodeURIComponent(q)}&limit=10`;
    const search = async (q: string) => {
      const response = await fetch(searchUrl(q), { headers });
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      return (await response.json()) as { passages: unknown[] };
    };
    // The starter knowledge base is indexed by background jobs after the start: wait until the hits
    // of every query stop changing.
    const deadline = Date.now() + 600_000;
    let previous = '';
    let stableFor = 0;
    while (stableFor < 3) {
      if (Date.now() > deadline) throw new Error('the starter knowledge base was not indexed in 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const counts = JSON.stringify(await Promise.all(queries.map(async (q) => (await search(q)).passages.length)));
      stableFor = counts === previous && !counts.includes('[0') ? stableFor + 1 : 0;
      previous = counts;
    }

    // Record the statements one request runs, by wrapping the driver's query method.
    const client = (app.database.db as unknown as { $client: { query: Query } }).$client;
    const original = client.query.bind(client);
    const results: BenchResult[] = [];
    for (const q of queries) {
      // A job's query may interleave with the request's: the shortest of a few recordings is the request's own.
      let statements: unknown[][] = [];
      let passages: unknown[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const recorded: unknown[][] = [];
        client.query = (...args: unknown[]) => {
          recorded.push(args);
          return original(...args);
        };
        passages = (await search(q)).passages;
        client.query = original;
        if (attempt === 0 || recorded.length < statements.length) statements = recorded;
      }

      const api: number[] = [];
      const direct: number[] = [];
      for (let index = 0; index < runs + 5; index++) {
        const apiMs = await timedGet(agent, searchUrl(q), headers);
        if (index >= 5) api.push(apiMs);
        const started = performance.now();
        for (const statement of statements) await original(...statement);
        if (index >= 5) direct.push(performance.now() - started);
      }
      const apiStats = summarise(api);
      const sqlStats = summarise(direct);
      results.push({
        name: `search "${q}"`,
        metrics: {
          hits: passages.length,
          statements: statements.length,
          'API p50 ms': apiStats['p50 ms']!,
          'API p95 ms': apiStats['p95 ms']!,
          'SQL p50 ms': sqlStats['p50 ms']!,
          'SQL p95 ms': sqlStats['p95 ms']!,
        },
        ratio: { label: 'API / SQL (p50)', value: apiStats['p50 ms']! / sqlStats['p50 ms']! },
      });
    }
    return results;
  } finally {
    agent.destroy();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
