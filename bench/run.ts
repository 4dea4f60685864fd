// `npm run bench`: runs every suite in bench/suites and prints one table. Benchmarks measure; they
// never assert timings (tests do not time things).
import { readdirSync } from 'node:fs';

export type BenchResult =
  | { name: string; metrics: Record<string, number | string>; skipped?: undefined }
  | { name: string; skipped: string; metrics?: undefined };

type Suite = { run(): Promise<BenchResult[]> };

const only = process.argv[2];
const suiteDir = new URL('./suites/', import.meta.url);
const files = readdirSync(suiteDir)
  .filter((file) => file.endsWith('.ts'))
  .filter((file) => !only || file.startsWith(only))
  .sort();

for (const file of files) {
  const suite = (await import(new URL(file, suiteDir).href)) as Suite;
  console.log(`\n# ${file.replace(/\.ts$/, '')}`);
  for (const result of await suite.run()) {
    if (result.skipped) {
      console.log(`- ${result.name}: skipped (${result.skipped})`);
    } else {
      const metrics = Object.entries(result.metrics as Record<string, number | string>)
        .map(([key, value]) => `${key}=${value}`)
        .join('  ');
      console.log(`- ${result.name}: ${metrics}`);
    }
  }
}
