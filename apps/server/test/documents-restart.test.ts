// An upload interrupted by a crash (kill -9) is finished or dropped at the next start: an original
// whose row had committed is put in place, anything else staged or half-written is removed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getFreePort, startServerProcess, type ServerProcess } from './helpers/server-process.ts';

function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('uploads across a crash', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-upload-crash-'));
  const blobRoot = path.join(dataDir, 'files');
  const started: ServerProcess[] = [];
  const start = async () => {
    const port = await getFreePort();
    const server = startServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    started.push(server);
    await server.waitForLog((line) => line.msg === `Compliance Assistant is running at http://127.0.0.1:${port}`);
    return server;
  };

  afterAll(() => {
    for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts a recorded original in place and empties the temporary folder at the next start', async () => {
    // The first start imports the starter knowledge base: file rows with their originals.
    const first = await start();
    first.child.kill('SIGKILL');
    await first.exited;

    const originals = filesUnder(blobRoot).filter((file) => file.startsWith('kb/'));
    expect(originals.length).toBeGreaterThan(0);
    const interrupted = originals[0]!;
    // The crash came after the row committed, before the original was put in place.
    const staged = path.join(blobRoot, '.tmp', 'staged');
    fs.renameSync(path.join(blobRoot, interrupted), path.join(staged, interrupted.replaceAll('/', '~')));
    // An upload whose row never committed, and a blob half-written when the process died.
    fs.writeFileSync(path.join(staged, 'users~00000000-0000-4000-8000-000000000000~never-recorded'), 'partial');
    fs.writeFileSync(path.join(blobRoot, '.tmp', 'half-written'), 'partial');

    const second = await start();
    expect(
      second.logs.find(
        (line) => line.msg === 'Uploads interrupted by the last stop: originals put in place or removed',
      ),
    ).toMatchObject({ committed: 1, removed: 2 });
    expect(filesUnder(blobRoot).filter((file) => file.startsWith('kb/'))).toEqual(originals);
    expect(filesUnder(path.join(blobRoot, '.tmp'))).toEqual([]);
    expect(filesUnder(path.join(blobRoot, 'users'))).toEqual([]);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // Two real starts on a 2-core machine shared with other test files.
  }, 400_000);
});
