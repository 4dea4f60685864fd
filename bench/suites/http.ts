// Request latency and throughput of the real app on loopback: the probes and the SPA entry page.
// A bounded number of requests, from this process, to 127.0.0.1 only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/plugins/env.ts';
import type { BenchResult } from '../run.ts';
import { summarise } from '../stats.ts';

const REQUESTS = 2_000;
const CONCURRENCY = 16;

export async function run(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-http-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
    logger: false,
    rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
  });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const results: BenchResult[] = [];
    for (const route of ['/api/health', '/api/ready', '/']) {
      results.push(await measure(`GET ${route}`, `${address}${route}`));
    }
    return results;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(name: string, url: string): Promise<BenchResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  async function client(): Promise<void> {
    while (next < REQUESTS) {
      next += 1;
      const t0 = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const seconds = (performance.now() - started) / 1000;
  return {
    name,
    metrics: {
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      'req/s': Math.round(REQUESTS / seconds),
      ...summarise(latencies),
    },
  };
}
