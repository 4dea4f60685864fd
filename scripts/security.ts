// The security replay: hostile attack classes against the real server, each reported SAFE or UNSAFE
// with one line of evidence. Exits 1 when any class is unsafe.
//   npm run security                 — every attack class
//   npm run security -- idor fuzz    — only these (by id)
import { runReplay, type AttackResult } from '../apps/server/security/replay.ts';

const only = process.argv.slice(2).filter((argument) => !argument.startsWith('-'));
const started = Date.now();
console.log('Security replay: the server on a temporary DATA_DIR (embedded PGlite), attacked over HTTP on 127.0.0.1\n');

const results = await runReplay({
  only: only.length > 0 ? only : undefined,
  onResult: (result) =>
    console.log(`  ${verdict(result).padEnd(6)}  ${result.id}  (${(result.durationMs / 1000).toFixed(1)} s)`),
});
if (results.length === 0) {
  console.error(`No attack class matches ${only.join(', ')}`);
  process.exit(2);
}

function verdict(result: AttackResult): string {
  return result.safe ? 'SAFE' : 'UNSAFE';
}

const columns = [
  { title: 'ID', value: (result: AttackResult) => result.id },
  { title: 'TITLE', value: (result: AttackResult) => result.title },
  { title: 'RESULT', value: verdict },
  { title: 'EVIDENCE', value: (result: AttackResult) => result.evidence },
];
const widths = columns.map((column, index) =>
  index === columns.length - 1
    ? 0
    : Math.max(column.title.length, ...results.map((result) => column.value(result).length)),
);
const row = (cells: string[]) =>
  cells
    .map((cell, index) => cell.padEnd(widths[index] ?? 0))
    .join('  ')
    .trimEnd();
console.log(`\n${row(columns.map((column) => column.title))}`);
console.log(row(widths.map((width) => '-'.repeat(width || 8))));
for (const result of results) console.log(row(columns.map((column) => column.value(result))));

const unsafe = results.filter((result) => !result.safe);
console.log(
  `\n${results.length - unsafe.length} safe, ${unsafe.length} unsafe, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
// Nothing may keep the process alive after the report (sockets of the stopped server, worker pools).
process.exit(unsafe.length > 0 ? 1 : 0);
