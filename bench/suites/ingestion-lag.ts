// The server's event-loop lag while the worst files of the shared corpus ingest end to end.
// The real app is built in this process (buildApp; starter knowledge base off, so that nothing else
// ingests) and listens on loopback. After a warm-up (the ingestion worker starts and loads its
// parsers on its first files), every document of the corpus is uploaded once over HTTP
// (POST /api/documents/files) and timed until its file is ready or failed. The worst are the ready
// file that took longest from the moment the job runner took it up (the wait for the runner is the
// same for every file), and the one with the most chunks (the most batched writes) when that is
// another. Each is then uploaded again (--quick: once; full: 3 times) while node:perf_hooks
// monitorEventLoopDelay watches the server's own loop from the upload's first byte until the file
// is ready (a fresh monitor per round; reported: the rounds' median p50, the worst p99 and max).
// The peer is the same loop at rest for as long, with the same status polling (one indexed select
// every 10 ms) and no upload. Lag is how late a 1 ms timer fired (each sample minus the 1 ms
// interval); it includes garbage collection and the time the OS gives the CPU to other processes,
// so the longest GC pause and the machine's load are printed beside it. The bench's own client
// (fetch, the polling) shares the loop: the figures are the server's plus that little.
// On PGlite every statement runs in WebAssembly on this very thread, so the statements that held it
// longest are listed too (the synchronous time inside PGlite, the polling excluded): one of them is
// the longest stretch the loop cannot turn.
// The quick size scans the corpus on PGlite only and ingests the files it found on PostgreSQL.
// The corpus: ../shared/corpus beside the repository, or BENCH_CORPUS_ROOT (in a worktree).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, type Dirent } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, type ELDHistogram } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { files } from '../../apps/server/src/db/schema/index.ts';
import { loadConfig } from '../../apps/server/src/plugins/env.ts';
import type { BenchContext, BenchResult } from '../run.ts';
import { benchAdminEnv, signIn } from '../lib/session.ts';

export const perDatabase = 'each';

const corpusRoot =
  process.env.BENCH_CORPUS_ROOT ?? path.resolve(new URL('../..', import.meta.url).pathname, '../shared/corpus');

/** The corpus's own notes and golden outputs, not documents. */
const notDocuments = /(^|\/)(README\.md|SOURCES\.md|MANIFEST\.tsv)$|(^|\/)expected_json\//;

const POLL_MS = 10;
const RESOLUTION_MS = 1;
const FILE_TIMEOUT_MS = 5 * 60_000;

interface Ingested {
  name: string;
  status: 'ready' | 'failed';
  /** From the upload's first byte until the file is ready or failed. */
  ms: number;
  /** Of that, until the job runner took the file up (its status left 'pending'). */
  queuedMs: number;
  pages: number;
  chunks: number;
  type: string | null;
  failure: string | null;
  /** The worker's own timing of the extraction (detect, parse, chunk, language). */
  extractionMs: number | null;
  /** The event-loop lag while it ingested (upload to ready). */
  lag: Lag;
}

interface Statement {
  sql: string;
  /** Time spent synchronously inside the embedded database, on this thread. */
  ms: number;
}

type Lag = { 'p50 ms': number; 'p99 ms': number; 'max ms': number };

/** The quick size scans on the first database only; the next ones ingest the files it found. */
let scannedBefore: { worst: string[] } | undefined;

export async function run(context: BenchContext): Promise<BenchResult[]> {
  const ROUNDS = context.size === 'small' ? 1 : 3;
  if (!existsSync(corpusRoot)) {
    return [{ name: 'ingestion lag', skipped: `corpus not found at ${corpusRoot} (set BENCH_CORPUS_ROOT)` }];
  }
  const documents = listDocuments(corpusRoot);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ca-bench-ingestion-lag-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...benchAdminEnv,
    ...context.databaseEnv,
  });
  const app = await buildApp(config, { logger: false, library: { seedKnowledgeBase: false } });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await signIn(address);
    const statements = app.database.driver === 'pglite' ? traceStatements(app) : undefined;
    const ingestFile = (name: string) => ingest(app, address, token, name);

    // Warm-up: the first file of each kind.
    const firstOfEachKind = new Map(documents.map((name) => [path.extname(name), name] as const));
    for (const name of firstOfEachKind.values()) await ingestFile(name);

    // 1. Every document once.
    let worst: string[];
    let scanRow: BenchResult | undefined;
    if (context.size === 'small' && scannedBefore) {
      worst = scannedBefore.worst;
    } else {
      const scanStarted = performance.now();
      const scanned: Ingested[] = [];
      for (const name of documents) scanned.push(await ingestFile(name));
      const scanSeconds = (performance.now() - scanStarted) / 1000;
      const ready = scanned.filter((file) => file.status === 'ready');
      const failed = scanned.filter((file) => file.status === 'failed');
      const bySlowest = [...ready].sort((a, b) => b.ms - b.queuedMs - (a.ms - a.queuedMs));
      const byChunks = [...ready].sort((a, b) => b.chunks - a.chunks);
      const byLag = [...scanned].sort((a, b) => b.lag['max ms'] - a.lag['max ms']);
      const slowestFailed = [...failed].sort((a, b) => b.ms - a.ms)[0];
      worst = [...new Set([bySlowest[0]!.name, byChunks[0]!.name])];
      const top = (list: Ingested[], figure: (file: Ingested) => number) =>
        list
          .slice(0, 3)
          .map((file) => `${path.basename(file.name)} ${Math.round(figure(file))}`)
          .join(', ');
      scanRow = {
        name: `scan: ${documents.length} corpus documents, each uploaded and ingested once (on ${context.database})`,
        metrics: {
          ready: ready.length,
          failed: failed.length,
          seconds: round1(scanSeconds),
          'slowest, ms from the runner taking it up to ready': top(bySlowest, (file) => file.ms - file.queuedMs),
          'most chunks': top(byChunks, (file) => file.chunks),
          'largest lag ms': top(byLag, (file) => file.lag['max ms']),
          'slowest failed': slowestFailed
            ? `${path.basename(slowestFailed.name)} ${Math.round(slowestFailed.ms)} ms (${slowestFailed.failure})`
            : 'none',
        },
      };
      scannedBefore = { worst };
    }

    // 2. The worst again, ROUNDS times each, the lag monitor on only while they ingest.
    const results: BenchResult[] = scanRow ? [scanRow] : [];
    const measured: {
      name: string;
      rounds: Ingested[];
      lag: Lag;
      statements: Statement[];
      windows: [number, number][];
      load: number;
    }[] = [];
    // Garbage collection pauses the loop too: its longest pause in the same windows.
    const gcPauses: { start: number; ms: number }[] = [];
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gcPauses.push({ start: entry.startTime, ms: entry.duration });
    });
    gc.observe({ entryTypes: ['gc'] });
    for (const name of worst) {
      const rounds: Ingested[] = [];
      const windows: [number, number][] = [];
      if (statements) statements.length = 0;
      for (let round = 0; round < ROUNDS; round++) {
        await settle();
        const started = performance.now();
        const file = await ingestFile(name);
        windows.push([started, performance.now()]);
        if (file.status !== 'ready') throw new Error(`${name} failed the second time: ${file.failure}`);
        rounds.push(file);
      }
      const held = statements ? [...statements] : [];
      // Each round has its own monitor (a monitor enabled again counts the pause in its first sample):
      // the median of the rounds' p50, the worst round's p99 and max.
      const lag: Lag = {
        'p50 ms': median(rounds.map((file) => file.lag['p50 ms'])),
        'p99 ms': Math.max(...rounds.map((file) => file.lag['p99 ms'])),
        'max ms': Math.max(...rounds.map((file) => file.lag['max ms'])),
      };
      measured.push({ name, rounds, lag, statements: held, windows, load: os.loadavg()[0]! });
    }

    // 3. The peer: the same loop at rest for as long as the longest file's rounds, polling as they did.
    const restMs = Math.max(...measured.map(({ rounds }) => rounds.reduce((sum, file) => sum + file.ms, 0)));
    const atRest = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    await settle();
    const restingFileId = (await app.database.db.select({ id: files.id }).from(files).limit(1))[0]!.id;
    atRest.enable();
    const restUntil = performance.now() + restMs;
    while (performance.now() < restUntil) {
      await app.database.db.select({ status: files.status }).from(files).where(eq(files.id, restingFileId));
      await sleep(POLL_MS);
    }
    atRest.disable();
    const rest = lagOf(atRest);
    gc.disconnect();
    const longestGcIn = (windows: [number, number][]) =>
      Math.max(
        0,
        ...gcPauses
          .filter(({ start }) => windows.some(([from, to]) => start >= from && start <= to))
          .map(({ ms }) => ms),
      );

    for (const { name, rounds, lag, statements: held, windows, load } of measured) {
      const last = rounds.at(-1)!;
      const why = [name === worst[0] ? 'slowest' : '', name === worst.at(-1) ? 'most chunks' : '']
        .filter(Boolean)
        .join(', ');
      results.push(
        {
          name: `${path.basename(name)} (${why}): ingested end to end`,
          metrics: {
            type: last.type ?? '?',
            KiB: Math.round(readFileSync(path.join(corpusRoot, name)).length / 1024),
            pages: last.pages,
            chunks: last.chunks,
            rounds: ROUNDS,
            'upload to ready ms (median)': Math.round(median(rounds.map((file) => file.ms))),
            'waiting for the job runner ms': Math.round(median(rounds.map((file) => file.queuedMs))),
            'extraction in the worker ms': last.extractionMs ?? '?',
          },
        },
        {
          name: `${path.basename(name)}: event-loop lag while it ingests`,
          metrics: {
            ...lag,
            'max ms each round': rounds.map((file) => file.lag['max ms']).join(' '),
            'at rest p50 ms': rest['p50 ms'],
            'at rest p99 ms': rest['p99 ms'],
            'at rest max ms': rest['max ms'],
            'longest GC pause ms': round1(longestGcIn(windows)),
            'machine load (1 min)': round1(load),
          },
          ratio: { label: 'max lag / at rest', value: lag['max ms'] / Math.max(rest['max ms'], 0.1) },
        },
      );
      if (statements) results.push(longestStatements(path.basename(name), held, ROUNDS));
    }
    return results;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Paths relative to the corpus root. */
function listDocuments(root: string): string[] {
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((name) => !notDocuments.test(name))
    .sort();
}

/** Uploads one file as a new personal document and waits until it is ready or failed. */
async function ingest(app: App, address: string, token: string, name: string): Promise<Ingested> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path.join(corpusRoot, name))]), path.basename(name));
  const monitor = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  monitor.enable();
  const started = performance.now();
  try {
    const response = await fetch(`${address}/api/documents/files?onConflict=keep-both`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (response.status !== 201) {
      // Refused at the door (type, size): no ingestion.
      await response.arrayBuffer();
      return {
        name,
        status: 'failed',
        ms: performance.now() - started,
        queuedMs: 0,
        pages: 0,
        chunks: 0,
        type: null,
        failure: `HTTP ${response.status}`,
        extractionMs: null,
        lag: lagOf(monitor),
      };
    }
    const { file: created } = (await response.json()) as { file: { id: string } };
    let queuedMs: number | undefined;
    for (;;) {
      const [row] = await pollStatus(app, created.id);
      const now = performance.now();
      if (row && row.status !== 'pending') queuedMs ??= now - started;
      if (row && (row.status === 'ready' || row.status === 'failed')) {
        monitor.disable();
        return {
          name,
          status: row.status,
          ms: now - started,
          queuedMs: queuedMs!,
          pages: row.pageCount,
          chunks: row.chunkCount,
          type: row.detectedType,
          failure: row.failureCode,
          extractionMs: row.timings?.totalMs ?? null,
          lag: lagOf(monitor),
        };
      }
      if (now - started > FILE_TIMEOUT_MS) throw new Error(`${name} was not ingested in ${FILE_TIMEOUT_MS / 1000} s`);
      await sleep(POLL_MS);
    }
  } finally {
    monitor.disable();
  }
}

function pollStatus(app: App, fileId: string) {
  return app.database.db
    .select({
      status: files.status,
      pageCount: files.pageCount,
      chunkCount: files.chunkCount,
      detectedType: files.detectedType,
      failureCode: files.failureCode,
      timings: files.timings,
    })
    .from(files)
    .where(eq(files.id, fileId));
}

/**
 * Times every statement the embedded database runs, by the synchronous call that runs each
 * protocol message in WebAssembly: a statement starts at its Parse (or simple Query) message and
 * owns the calls that follow (PGlite runs one statement at a time). The bench's own polling is left
 * out. Clear the list to start a new window.
 */
function traceStatements(app: App): Statement[] {
  const recorded: Statement[] = [];
  const client = (app.database.db as unknown as { $client: { execProtocolRawSync(message: Uint8Array): Uint8Array } })
    .$client;
  const original = client.execProtocolRawSync.bind(client);
  const polling = new Set([
    pollStatus(app, '00000000-0000-0000-0000-000000000000').toSQL().sql,
    app.database.db.select({ status: files.status }).from(files).where(eq(files.id, '')).toSQL().sql,
  ]);
  const decoder = new TextDecoder();
  let current: Statement | undefined;
  client.execProtocolRawSync = (message) => {
    // Parse: 'P', length, statement name, query; simple Query: 'Q', length, query.
    if (message[0] === 0x50 || message[0] === 0x51) {
      const start = message[0] === 0x50 ? message.indexOf(0, 5) + 1 : 5;
      const sql = decoder.decode(message.subarray(start, message.indexOf(0, start)));
      current = polling.has(sql) ? undefined : { sql, ms: 0 };
      if (current) recorded.push(current);
    }
    const started = performance.now();
    try {
      return original(message);
    } finally {
      if (current) current.ms += performance.now() - started;
    }
  };
  return recorded;
}

/** The statements that held the thread longest while a file ingested, by kind. */
function longestStatements(file: string, statements: Statement[], rounds: number): BenchResult {
  const kinds = new Map<string, number[]>();
  for (const statement of statements) {
    const kind = statementKind(statement.sql);
    kinds.set(kind, [...(kinds.get(kind) ?? []), statement.ms]);
  }
  const top = [...kinds.entries()].sort((a, b) => Math.max(...b[1]) - Math.max(...a[1])).slice(0, 4);
  const total = statements.reduce((sum, statement) => sum + statement.ms, 0) / rounds;
  return {
    name: `${file}: PGlite statements on the server thread, longest first`,
    metrics: {
      'all statements ms/file': Math.round(total),
      // The median is the statement's own cost; the max also holds what the OS took from the thread.
      ...Object.fromEntries(
        top.map(([kind, times]) => [
          kind,
          `max ${round1(Math.max(...times))} ms, median ${round1(median(times))} ms, ${Math.round(times.length / rounds)}×/file`,
        ]),
      ),
    },
  };
}

function statementKind(text: string): string {
  const sql = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const table = /\b(?:into|from|update)\s+"?([a-z_]+)"?/.exec(sql)?.[1] ?? '';
  return `${sql.split(' ')[0] ?? ''} ${table}`.trim();
}

/** p50/p99/max of how late the timer fired, in ms. */
function lagOf(histogram: ELDHistogram): Lag {
  if (histogram.count === 0) return { 'p50 ms': 0, 'p99 ms': 0, 'max ms': 0 };
  const late = (ns: number) => round1(Math.max(0, ns / 1e6 - RESOLUTION_MS));
  return {
    'p50 ms': late(histogram.percentile(50)),
    'p99 ms': late(histogram.percentile(99)),
    'max ms': late(histogram.max),
  };
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** A moment for whatever the last run left (the job's bookkeeping, garbage) to finish. */
async function settle(): Promise<void> {
  await sleep(500);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
