// Runs the server integration suite on one database driver:
//   node scripts/run-server-tests.ts pglite    — a fresh in-process PGlite per test file (DATABASE_URL ignored)
//   node scripts/run-server-tests.ts postgres  — a fresh database per test file on the server in DATABASE_URL
// so that `npm test` covers both drivers with the same tests.
import { spawnSync } from 'node:child_process';

const driver = process.argv[2];
if (driver !== 'pglite' && driver !== 'postgres') {
  console.error('Usage: node scripts/run-server-tests.ts pglite|postgres');
  process.exit(2);
}

const env = { ...process.env };
if (driver === 'pglite') {
  delete env.DATABASE_URL;
} else if (!env.DATABASE_URL) {
  console.log('Skipping the PostgreSQL run of the server suite: DATABASE_URL is not set.');
  process.exit(0);
} else {
  console.log(`Running the server suite against PostgreSQL at ${redact(env.DATABASE_URL)}`);
}

const result = spawnSync('vitest', ['run', '--project', 'server', ...process.argv.slice(3)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
