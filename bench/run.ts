// `npm run bench`: every suite in bench/suites, each figure beside its peer from the same run.
//   npm run bench                      full size, every suite
//   npm run bench -- --quick           CI size (also BENCH_SIZE=small): a couple of minutes
//   npm run bench -- http search       only the suites whose file names start with these words
//   npm run bench -- --write           also replace the table in docs/performance.md
// Database suites run on the embedded PGlite and on PostgreSQL: DATABASE_URL if set, else a
// throwaway database on postgres://postgres@127.0.0.1:5432 when that answers, else "skipped".
// Benchmarks measure; they never assert timings (tests do not time things).
import { readdirSync } from 'node:fs';
import { openPostgres, type BenchDatabase } from './lib/databases.ts';
import { machineSummary, renderMarkdown, writePerformanceDoc, type Row } from './lib/report.ts';

export type BenchResult =
  | {
      name: string;
      metrics: Record<string, number | string>;
      /** The peer measured in the same run, and this figure divided by it. */
      ratio?: { label: string; value: number };
      skipped?: undefined;
    }
  | { name: string; skipped: string; metrics?: undefined; ratio?: undefined };

export interface BenchContext {
  size: 'small' | 'full';
  /** 'PGlite' or 'PostgreSQL' */
  database: string;
  /** Environment for a server on this database: {} for PGlite, { DATABASE_URL } for PostgreSQL. */
  databaseEnv: Record<string, string>;
}

interface Suite {
  /** 'each': run once per database; default once, on PGlite. */
  perDatabase?: 'each';
  run(context: BenchContext): Promise<BenchResult[]>;
}

const args = process.argv.slice(2);
const size = args.includes('--quick') || process.env.BENCH_SIZE === 'small' ? 'small' : 'full';
const write = args.includes('--write');
const only = args.filter((arg) => !arg.startsWith('--'));

const suiteDir = new URL('./suites/', import.meta.url);
const files = readdirSync(suiteDir)
  .filter((file) => file.endsWith('.ts'))
  .filter((file) => only.length === 0 || only.some((prefix) => file.startsWith(prefix)))
  .sort();

const startedAt = performance.now();
console.log(`Bench (${size} size) on ${machineSummary()}`);
const postgres: BenchDatabase | { skipped: string } = await openPostgres();
if ('skipped' in postgres) console.log(`PostgreSQL: skipped (${postgres.skipped})`);
else console.log(`PostgreSQL: ${postgres.description}`);

const rows: Row[] = [];
try {
  for (const file of files) {
    const suiteName = file.replace(/\.ts$/, '');
    const suite = (await import(new URL(file, suiteDir).href)) as Suite;
    const databases: { name: string; env: Record<string, string> | { skipped: string } }[] = [
      { name: 'PGlite', env: {} },
    ];
    if (suite.perDatabase === 'each') {
      databases.push({
        name: 'PostgreSQL',
        env: 'skipped' in postgres ? { skipped: postgres.skipped } : { DATABASE_URL: await postgres.fresh() },
      });
    }
    for (const database of databases) {
      const label = suite.perDatabase === 'each' ? `${suiteName} (${database.name})` : suiteName;
      console.log(`\n# ${label}`);
      let results: BenchResult[];
      if ('skipped' in database.env) {
        results = [{ name: suiteName, skipped: database.env.skipped }];
      } else {
        try {
          results = await suite.run({ size, database: database.name, databaseEnv: database.env });
        } catch (error) {
          // One broken suite must not hide the others' figures; the run still ends as failed (CI).
          results = [{ name: suiteName, skipped: `failed: ${(error as Error).message.split('\n')[0]}` }];
          process.exitCode = 1;
        }
      }
      for (const result of results) {
        printResult(result);
        rows.push({ suite: label, ...result });
      }
    }
  }
} finally {
  if (!('skipped' in postgres)) await postgres.close();
}

const seconds = Math.round((performance.now() - startedAt) / 1000);
console.log(`\nDone in ${seconds} s.`);
if (write) {
  const file = await writePerformanceDoc(renderMarkdown(rows, { size, seconds }));
  console.log(`Table written to ${file}`);
}

function printResult(result: BenchResult): void {
  if (result.skipped !== undefined) {
    console.log(`- ${result.name}: skipped (${result.skipped})`);
    return;
  }
  const metrics = Object.entries(result.metrics)
    .map(([key, value]) => `${key}=${value}`)
    .join('  ');
  const ratio = result.ratio ? `  → ${result.ratio.label} = ${formatRatio(result.ratio.value)}` : '';
  console.log(`- ${result.name}: ${metrics}${ratio}`);
}

function formatRatio(value: number): string {
  return value >= 10 ? `${Math.round(value)}×` : `${value.toFixed(value >= 1 ? 2 : 3)}×`;
}
