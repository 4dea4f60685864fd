// Server memory: RSS of the real server right after start with the starter knowledge base (its own
// process), and a step-by-step breakdown from bench/lib/memory-probe.ts. docs/performance.md explains it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BenchContext, BenchResult } from '../run.ts';
import { startAppServer } from '../lib/server.ts';

export const perDatabase = 'each';

const probe = new URL('../lib/memory-probe.ts', import.meta.url).pathname;

interface ProbeResult {
  stages: { stage: string; rss: number; heapUsed: number; external: number; arrayBuffers: number }[];
  pgliteWasmHeapMiB: number | null;
  rssSplitMiB: Record<string, number>;
  v8CodeMiB: number;
  threads: Record<string, number>;
}

export async function run(context: BenchContext): Promise<BenchResult[]> {
  const server = await startAppServer(context.databaseEnv);
  let afterStart: number;
  try {
    afterStart = server.rssMiB();
  } finally {
    await server.stop();
  }
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--disable-warning=ExperimentalWarning', probe],
    { env: { PATH: process.env.PATH, ...context.databaseEnv }, maxBuffer: 4 * 1024 * 1024, timeout: 900_000 },
  );
  const found = JSON.parse(stdout.trim().split('\n').at(-1)!) as ProbeResult;
  const results: BenchResult[] = [
    { name: 'server RSS after start (npm start, starter KB)', metrics: { MiB: afterStart } },
  ];
  for (const stage of found.stages) {
    results.push({
      name: `breakdown: ${stage.stage}`,
      metrics: {
        'RSS MiB': stage.rss,
        'JS heap MiB': stage.heapUsed,
        'external MiB': stage.external,
        'array buffers MiB': stage.arrayBuffers,
      },
    });
  }
  results.push({
    name: 'breakdown: at the end',
    metrics: {
      'PGlite WASM heap MiB': found.pgliteWasmHeapMiB ?? 'n/a',
      'V8 code MiB': found.v8CodeMiB,
      ...Object.fromEntries(Object.entries(found.rssSplitMiB).map(([key, value]) => [`${key} MiB`, value])),
      threads: Object.entries(found.threads)
        .map(([name, count]) => `${name}×${count}`)
        .join(' '),
    },
  });
  return results;
}
