import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');

export async function getFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** JSON log lines (stdout) parsed so far. */
  logs: Record<string, unknown>[];
  stderr: () => string;
  waitForLog: (
    predicate: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ) => Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

/** Runs `node src/server.ts` (or worker.ts) as `npm start` would, with JSON logs on stdout. */
export function startServerProcess(env: Record<string, string>, script = 'src/server.ts'): ServerProcess {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', script], {
    cwd: serverDir,
    // Blank DATABASE_URL: these tests are about the embedded database, whichever mode the suite runs in.
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const listeners = new Set<() => void>();
  let stdoutBuffer = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdoutBuffer += chunk.toString();
    const lines = stdoutBuffer.split('\n');
    stdoutBuffer = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ msg: line });
      }
    }
    for (const listener of listeners) listener();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const waitForLog: ServerProcess['waitForLog'] = (predicate, timeoutMs = 120_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = logs.find(predicate);
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(`No matching log line within ${timeoutMs} ms. stdout: ${JSON.stringify(logs)} stderr: ${stderr}`),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      void exited.then(() => {
        if (listeners.has(check)) {
          cleanup();
          reject(new Error(`The process exited first. stdout: ${JSON.stringify(logs)} stderr: ${stderr}`));
        }
      });
      check();
    });

  return { child, logs, stderr: () => stderr, waitForLog, exited };
}
