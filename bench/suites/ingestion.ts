// Ingestion throughput on the regulatory PDFs of the shared corpus: pdf.js text extraction alone,
// in this thread, versus the full extractor (worker thread + detection + chunking + language).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { BenchContext, BenchResult } from '../run.ts';
import { createDocumentExtractor } from '../../apps/server/src/modules/ingestion/ingestion.service.ts';
import { defaultExtractionLimits } from '../../apps/server/src/modules/ingestion/limits.ts';
import { parsePdf } from '../../apps/server/src/modules/ingestion/parsers/pdf.ts';

// shared/ sits beside the repository (in a worktree, beside the main checkout: set BENCH_CORPUS_DIR).
const corpusDir =
  process.env.BENCH_CORPUS_DIR ??
  resolve(new URL('../..', import.meta.url).pathname, '../shared/corpus/regulatory/ch_federal_acts');

export async function run(context: BenchContext): Promise<BenchResult[]> {
  const ROUNDS = context.size === 'small' ? 1 : 3;
  if (!existsSync(corpusDir)) {
    return [{ name: 'ingestion', skipped: `corpus not found at ${corpusDir}` }];
  }
  const files = readdirSync(corpusDir)
    .filter((name) => name.endsWith('.pdf'))
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(corpusDir, name))) }));

  // Warm up both paths (module loading, worker start) before measuring.
  await parsePdf(files[0]!.bytes, defaultExtractionLimits);
  let pages = 0;
  let cpu = process.cpuUsage();
  let started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    for (const file of files) pages += (await parsePdf(file.bytes, defaultExtractionLimits)).pages.length;
  }
  const parserSeconds = (performance.now() - started) / 1000;
  const parserCpuSeconds = cpuSeconds(cpu);

  const results: BenchResult[] = [
    {
      name: `pdf.js parser alone, in-thread (${files.length} Swiss acts × ${ROUNDS})`,
      metrics: {
        pages,
        seconds: round(parserSeconds),
        'pages/s': round(pages / parserSeconds),
        'pages per CPU s': round(pages / parserCpuSeconds),
        'load 1 min': round(loadavg()[0]!),
      },
    },
  ];

  for (const poolSize of [1, 2]) {
    const extractor = createDocumentExtractor({ poolSize });
    try {
      await Promise.all(files.slice(0, poolSize).map((file) => extractor.extract(file.bytes, { fileName: file.name })));
      let extractedPages = 0;
      let chunks = 0;
      cpu = process.cpuUsage();
      started = performance.now();
      const jobs = Array.from({ length: ROUNDS }, () => files).flat();
      const documents = await Promise.all(jobs.map((file) => extractor.extract(file.bytes, { fileName: file.name })));
      const seconds = (performance.now() - started) / 1000;
      const workerCpuSeconds = cpuSeconds(cpu);
      for (const document of documents) {
        extractedPages += document.pages.length;
        chunks += document.chunks.length;
      }
      results.push({
        name: `full extractor, ${poolSize} worker${poolSize > 1 ? 's' : ''} (worker + chunking + language)`,
        metrics: {
          pages: extractedPages,
          chunks,
          seconds: round(seconds),
          'pages/s': round(extractedPages / seconds),
          'pages per CPU s': round(extractedPages / workerCpuSeconds),
          'load 1 min': round(loadavg()[0]!),
        },
        // CPU time (every thread of this process: parser, garbage collector, compiler) is what the
        // other suites on this shared machine sway least.
        ratio: {
          label: 'pages per CPU s vs pdf.js alone',
          value: extractedPages / workerCpuSeconds / (pages / parserCpuSeconds),
        },
      });
    } finally {
      await extractor.close();
    }
  }
  return results;
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1_000_000;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
