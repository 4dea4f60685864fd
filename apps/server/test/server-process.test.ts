import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileName } from '../src/db/data-dir-lock.ts';
import { getFreePort, startServerProcess, type ServerProcess } from './helpers/server-process.ts';

describe('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-server-process-'));
  const started: ServerProcess[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const port = await getFreePort();
    const server = startServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...env,
    });
    started.push(server);
    return { server, port };
  };
  const isRunningMessage = (port: number) => (line: Record<string, unknown>) =>
    line.msg === `Compliance Assistant is running at http://127.0.0.1:${port}`;

  afterAll(() => {
    for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with a bad environment variable, naming it', async () => {
    const { server } = await start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('Invalid environment: PORT must be a whole number between 1 and 65535');
  });

  it('shuts down cleanly on SIGTERM and keeps its data for the next start on the same DATA_DIR', async () => {
    const first = await start();
    await first.server.waitForLog(isRunningMessage(first.port));
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const { installationId } = await first.server.waitForLog((line) => line.msg === 'Installation loaded');

    // A second process on the same DATA_DIR must not open the embedded database.
    const intruder = await start();
    expect(await intruder.server.exited).toBe(1);
    expect(intruder.server.stderr()).toContain(
      `DATA_DIR ${dataDir} is already in use by process ${first.server.child.pid}`,
    );

    first.server.child.kill('SIGTERM');
    expect(await first.server.exited).toBe(0);
    expect(first.server.logs.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['SIGTERM received: shutting down', 'Database closed', 'Shut down cleanly']),
    );
    expect(fs.existsSync(path.join(dataDir, lockFileName))).toBe(false);

    const second = await start();
    await second.server.waitForLog(isRunningMessage(second.port));
    // The same installation: the data written by the first process is there.
    expect(await second.server.waitForLog((line) => line.msg === 'Installation loaded')).toMatchObject({
      installationId,
    });
    const ready = await fetch(`http://127.0.0.1:${second.port}/api/ready`);
    expect(ready.status).toBe(200);

    second.server.child.kill('SIGINT');
    expect(await second.server.exited).toBe(0);
    // Three real starts, each seeding the embedded database, on a 2-core machine shared with other test files
    // (a start took over 30 s while the CI machine also ran other suites): a bound for a stuck process only.
  }, 400_000);

  it.skipIf(process.platform !== 'linux')(
    "runs itself again, as the same process, with glibc's allocator tuned; an operator's own value is kept",
    async () => {
      const environmentOf = (pid: number) => fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      for (const [given, expected] of [
        [{}, 'MALLOC_ARENA_MAX=1'],
        [{ MALLOC_ARENA_MAX: '4' }, 'MALLOC_ARENA_MAX=4'],
      ] as const) {
        const { server, port } = await start(given);
        await server.waitForLog(isRunningMessage(port));
        const environment = environmentOf(server.child.pid!);
        expect(environment).toContain(expected);
        expect(environment).toContain('MALLOC_MMAP_THRESHOLD_=32768');
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
      // Two real starts on a shared 2-core machine: a bound for a stuck process only.
    },
    300_000,
  );
});
