// Load from a separate process (autocannon), so the load generator never competes with the server
// for its event loop. Bounded by duration; loopback addresses only.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const autocannon = new URL('../../node_modules/autocannon/autocannon.js', import.meta.url).pathname;
const run = promisify(execFile);

export interface LoadResult {
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  /** Answers other than 2xx, and connection errors. */
  failed: number;
}

export async function load(
  url: string,
  { connections, seconds, headers = {} }: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])[:/]/.test(url)) throw new Error(`not a loopback URL: ${url}`);
  const args = [autocannon, '--json', '-c', String(connections), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const report = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    'req/s': Math.round(report.requests.average),
    'p50 ms': report.latency.p50,
    'p99 ms': report.latency.p99,
    failed: report.non2xx + report.errors,
  };
}
