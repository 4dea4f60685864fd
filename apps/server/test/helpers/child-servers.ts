import type { ChildProcess } from 'node:child_process';

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
