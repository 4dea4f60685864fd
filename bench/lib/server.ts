// Servers for the bench, each in its own child process so that its memory and CPU are its own:
// the real app (apps/server/src/server.ts) and a bare Fastify hello-world as the peer.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  pid: number;
  /** Resident memory of the server process in MiB, read from /proc (Linux). */
  rssMiB(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The real server on a fresh DATA_DIR, rate limits off, the starter knowledge base seeded. */
export async function startAppServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-data-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', path.join(root, 'apps/server/src/server.ts')],
    {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(child, `${url}/api/ready`, 180_000);
  } catch (error) {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return wrap(child, url, () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

/** A bare Fastify hello-world: the ceiling for what Node and Fastify do on this machine. */
export async function startBareServer(): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/lib/bare-server.ts'), String(port)], {
    env: { PATH: process.env.PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, `${url}/`, 30_000);
  return wrap(child, url, () => undefined);
}

function wrap(child: ChildProcess, url: string, cleanUp: () => void): RunningServer {
  return {
    url,
    pid: child.pid!,
    rssMiB: () => readRssMiB(child.pid!),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      cleanUp();
    },
  };
}

/** User plus system CPU time of a process so far, in ms (Linux /proc; 0 elsewhere). */
export function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * Waits until the server has used under 5 % of a core for 3 seconds in a row: a fresh install indexes
 * the starter knowledge base in the background after `/api/ready`, and a measurement taken meanwhile
 * would measure the indexing too (and on PGlite, queue every request behind its writes).
 */
export async function waitUntilIdle(pid: number, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSeconds = 0;
  let before = cpuMs(pid);
  while (quietSeconds < 3) {
    if (Date.now() > deadline) throw new Error(`server ${pid} still busy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = cpuMs(pid);
    quietSeconds = now - before < 50 ? quietSeconds + 1 : 0;
    before = now;
  }
}

/**
 * Until the server is idle, its ingestion worker threads have ended (they do after 30 s without
 * work) and its RSS has stopped falling (V8 and glibc give memory back some seconds after the
 * threads end): the state a first start settles in once the starter knowledge base is indexed.
 */
export async function waitUntilSettled(pid: number, timeoutMs = 600_000): Promise<void> {
  await waitUntilIdle(pid, timeoutMs);
  const deadline = Date.now() + timeoutMs;
  while (ingestionThreads(pid) > 0) {
    if (Date.now() > deadline) throw new Error(`server ${pid} still has ingestion workers after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  await waitUntilRssSteady(() => readRssMiB(pid));
}

/** Until RSS has stayed within 2 MiB for 20 s (at most 2 minutes). */
export async function waitUntilRssSteady(rssMiB: () => number): Promise<void> {
  const deadline = Date.now() + 120_000;
  let low = rssMiB();
  let steadySince = Date.now();
  while (Date.now() - steadySince < 20_000 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = rssMiB();
    if (Math.abs(now - low) > 2) {
      low = now;
      steadySince = Date.now();
    }
  }
}

function ingestionThreads(pid: number): number {
  let count = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      if (fs.readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim() === 'ingestion') count += 1;
    } catch {
      // The thread ended while we looked.
    }
  }
  return count;
}

export function readRssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

async function waitUntilUp(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} not up after ${timeoutMs} ms:\n${output}`);
}
