// Where the server's memory goes: run as a child with --expose-gc; builds the real app step by step
// on a fresh DATA_DIR (database from DATABASE_URL, or the embedded PGlite) and prints, as one JSON line,
// process.memoryUsage() after each step (after a full GC), PGlite's WebAssembly heap, the RSS split
// into anonymous and file-backed pages, and the process's threads.
// As the server's entry point does: glibc's allocator tuned (the process runs itself again once).
import '../../apps/server/src/runtime/malloc-tuning.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';

const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

interface Stage {
  stage: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}
const stages: Stage[] = [];
function snapshot(stage: string): void {
  gc();
  const usage = process.memoryUsage();
  stages.push({
    stage,
    rss: mib(usage.rss),
    heapUsed: mib(usage.heapUsed),
    heapTotal: mib(usage.heapTotal),
    external: mib(usage.external),
    arrayBuffers: mib(usage.arrayBuffers),
  });
}

function procStatus(): Record<string, number> {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const field = (name: string) => mib(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024);
  return { RssAnon: field('RssAnon'), RssFile: field('RssFile'), RssShmem: field('RssShmem') };
}

function threads(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const id of fs.readdirSync('/proc/self/task')) {
    const name = fs.readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim();
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

snapshot('node started');
// As the server's entry point does: drizzle-orm resolves to its CommonJS build.
await import('../../apps/server/src/runtime/drizzle-commonjs.ts');
const { buildApp } = await import('../../apps/server/src/app.ts');
const { loadConfig } = await import('../../apps/server/src/plugins/env.ts');
snapshot('server modules imported');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-memory-'));
const app = await buildApp(
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  }),
  { logger: false },
);
snapshot('app built: database open and migrated, starter knowledge base imported');

// Indexing runs as background jobs: wait until no file of the knowledge base is still pending.
const { sql } = await import('drizzle-orm');
const deadline = Date.now() + 600_000;
for (;;) {
  const result = (await app.database.db.execute(
    sql`select (select count(*) from files where status not in ('ready', 'failed')) + (select count(*) from jobs where status in ('queued', 'running')) as pending`,
  )) as unknown as { rows: { pending: number | string }[] };
  if (Number(result.rows[0]?.pending ?? 0) === 0 || Date.now() > deadline) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
snapshot('starter knowledge base indexed');

// Idle ingestion workers end after 30 s (ingestion.service.ts): what stays once they have.
const workersGone = Date.now() + 120_000;
while ((threads().ingestion ?? 0) > 0 && Date.now() < workersGone) {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
const { waitUntilRssSteady } = await import('./server.ts');
await waitUntilRssSteady(() => process.memoryUsage().rss / 2 ** 20);
snapshot('ingestion workers ended (idle), RSS steady');

const client = (app.database.db as unknown as { $client: { mod?: { HEAPU8?: Uint8Array } } }).$client;
const wasmHeap = client.mod?.HEAPU8?.byteLength;
const heapSpaces = Object.fromEntries(
  v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_used_size > 2 ** 20)
    .map((space) => [space.space_name, mib(space.space_used_size)]),
);
const code = v8.getHeapCodeStatistics();
const result = {
  stages,
  pgliteWasmHeapMiB: wasmHeap === undefined ? null : mib(wasmHeap),
  rssSplitMiB: procStatus(),
  v8HeapSpacesMiB: heapSpaces,
  v8CodeMiB: mib(code.code_and_metadata_size + code.bytecode_and_metadata_size),
  threads: threads(),
};
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify(result));
