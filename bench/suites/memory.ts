// Server memory: RSS of the real server on a first start with the starter knowledge base (its own
// process), at /api/ready and once the indexing has settled, and a step-by-step breakdown from
// bench/lib/memory-probe.ts. docs/performance.md explains it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BenchContext, BenchResult } from '../run.ts';
import { startAppServer, waitUntilSettled } from '../lib/server.ts';

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
  let settled: number;
  try {
    afterStart = server.rssMiB();
    // A first start indexes the starter knowledge base in the background after /api/ready.
    await waitUntilSettled(server.pid);
    settled = server.rssMiB();
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
    { name: 'server RSS at /api/ready (first start, starter KB)', metrics: { MiB: afterStart } },
    {
      name: 'server RSS once settled (starter KB indexed, ingestion workers ended)',
      metrics: { MiB: settled },
      ratio: { label: 'settled / 400 MB target', value: (settled * 2 ** 20) / 400e6 },
    },
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
