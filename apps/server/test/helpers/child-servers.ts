import { spawn, type ChildProcess } from 'node:child_process';
import { getFreePort } from './server-process.ts';

/** How long a test server gets to stop on SIGTERM before its whole process group is killed. */
const stopTimeoutMs = 10_000;

/**
 * Stops a server the tests started in its own process group (`detached: true`): SIGTERM lets it stop
 * its children; past the bound, the whole group gets SIGKILL.
 */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), stopTimeoutMs)));
  if (await Promise.race([exited.then(() => false), timedOut])) {
    killGroup(child, 'SIGKILL');
    await exited;
  }
  clearTimeout(timer);
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** The server could not bind its port (another process took it first): try again on another. */
export class PortTakenError extends Error {}

/** What a readiness probe found: the server answers, not yet (and why), or an answer that will not change. */
export type ProbeResult = { ready: true } | { waiting: string } | { fatal: string };

const maxOutputChars = 64 * 1024;

/**
 * Starts a real server for the tests in its own process group (anything it starts is stopped with
 * it, and it is killed if the test process exits) and waits until `probe` finds it ready. When it
 * exits or never gets ready, the error carries its output (and `moreOutput`, e.g. a log file); an
 * output matching `portTaken` becomes a PortTakenError, which `onFreePort` retries.
 */
export async function launchTestServer(options: {
  /** For messages, e.g. "MediaWiki (php -S)". */
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  portTaken: RegExp;
  probe: () => Promise<ProbeResult>;
  /** A bound for a server that never answers, not a speed target. */
  timeoutMs: number;
  moreOutput?: () => string;
}): Promise<ChildProcess> {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > maxOutputChars) output = output.slice(-maxOutputChars);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited: string | undefined;
  let spawnError: Error | undefined;
  child.on('exit', (code, signal) => (exited = signal ? `signal ${signal}` : `code ${code}`));
  child.on('error', (error) => (spawnError = error));
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));

  const failure = async (reason: string) => {
    if (exited === undefined) await stopProcess(child);
    const more = options.moreOutput?.().trim() ?? '';
    const shown = [more, output.trim() && `output:\n${output.trim()}`].filter(Boolean).join('\n');
    const message = `${options.name} did not start: ${reason}\n${shown || '(no output)'}`;
    return options.portTaken.test(more + output) ? new PortTakenError(message) : new Error(message);
  };

  const deadline = Date.now() + options.timeoutMs;
  let lastProbe = 'no answer yet';
  for (;;) {
    if (spawnError) throw await failure(`spawn failed: ${spawnError.message}`);
    if (exited !== undefined) throw await failure(`it exited with ${exited}`);
    if (Date.now() > deadline) throw await failure(`not ready within ${options.timeoutMs} ms (${lastProbe})`);
    const found = await options.probe();
    if ('ready' in found) return child;
    if ('fatal' in found) throw await failure(found.fatal);
    lastProbe = found.waiting;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs `start` on a free port, again on another when the server finds it taken: the port comes from
 * binding port 0 and closing, so another process may take it before the server binds.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 3): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await start(await getFreePort());
    } catch (error) {
      lastError = error;
      if (!(error instanceof PortTakenError)) break;
    }
  }
  throw lastError;
}
