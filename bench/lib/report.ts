// The bench's table as Markdown, written into docs/performance.md between two markers.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import prettier from 'prettier';
import type { BenchResult } from '../run.ts';

export type Row = BenchResult & { suite: string };

const docPath = new URL('../../docs/performance.md', import.meta.url).pathname;
const startMarker = '<!-- bench:start -->';
const endMarker = '<!-- bench:end -->';

export function machineSummary(): string {
  const cpus = os.cpus();
  const memoryGiB = Math.round(os.totalmem() / 1024 ** 3);
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${memoryGiB} GiB, ${os.type()} ${os.release()}, Node ${process.versions.node}`;
}

function postgresVersion(): string {
  try {
    return execSync('postgres --version', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'no local PostgreSQL binary';
  }
}

export function renderMarkdown(rows: Row[], { size, seconds }: { size: string; seconds: number }): string {
  const escape = (text: string) => text.replaceAll('|', '\\|');
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineSummary()} (${postgresVersion()}),`,
    `\`npm run bench${size === 'small' ? ' -- --quick' : ''}\`, ${seconds} s.`,
    '',
    '| suite | what | measured | ratio to its peer |',
    '|---|---|---|---|',
  ];
  for (const row of rows) {
    const measured =
      row.skipped !== undefined
        ? `skipped: ${row.skipped}`
        : Object.entries(row.metrics)
            .map(([key, value]) => `${key} ${value}`)
            .join(', ');
    const ratio = row.ratio ? `${row.ratio.label}: ${formatRatio(row.ratio.value)}` : '';
    lines.push(`| ${escape(row.suite)} | ${escape(row.name)} | ${escape(measured)} | ${escape(ratio)} |`);
  }
  return lines.join('\n');
}

function formatRatio(value: number): string {
  return value >= 10 ? `${Math.round(value)}×` : `${value.toFixed(value >= 1 ? 2 : 3)}×`;
}

/** Formatted as `npm run lint` expects (prettier aligns the table). */
export async function writePerformanceDoc(table: string): Promise<string> {
  const current = fs.existsSync(docPath) ? fs.readFileSync(docPath, 'utf8') : `${startMarker}\n${endMarker}\n`;
  const start = current.indexOf(startMarker);
  const end = current.indexOf(endMarker);
  if (start === -1 || end === -1) throw new Error(`${docPath} has no ${startMarker} … ${endMarker} section`);
  const text = `${current.slice(0, start + startMarker.length)}\n${table}\n${current.slice(end)}`;
  const options = (await prettier.resolveConfig(docPath)) ?? {};
  fs.writeFileSync(docPath, await prettier.format(text, { ...options, filepath: docPath }));
  return docPath;
}
