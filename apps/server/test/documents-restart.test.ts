// An upload interrupted by a crash (kill -9) is finished or dropped at the next start: an original
// whose row had committed is put in place, anything else staged or half-written is removed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
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

  it('kill -9 during uploads and ingestion: no acknowledged upload lost, no job stuck, no orphan blob or row', async () => {
    const port = await getFreePort();
    const crashDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-upload-kill-'));
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: crashDir,
      WEB_DIST_DIR: path.join(crashDir, 'no-web-build'),
      ADMIN_EMAIL: 'owner@example.test',
      ADMIN_PASSWORD: 'Correct-horse-battery-9',
    };
    const base = `http://127.0.0.1:${port}/api`;
    const running = `Compliance Assistant is running at http://127.0.0.1:${port}`;
    const signIn = async () => {
      const response = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
      });
      expect(response.status).toBe(200);
      return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
    };
    const upload = async (headers: Record<string, string>, name: string) => {
      const form = new FormData();
      // Long enough that ingestion is still running for some files when the process dies.
      const text = Array.from(
        { length: 3_000 },
        (_, line) => `Clause ${line} of ${name}: the intermediary verifies the client.`,
      );
      form.append('file', new Blob([text.join('\n')], { type: 'text/plain' }), name);
      const response = await fetch(`${base}/documents/files`, { method: 'POST', headers, body: form });
      return response.status;
    };

    try {
      const first = startServerProcess(env);
      started.push(first);
      await first.waitForLog((line) => line.msg === running);
      const headers = await signIn();
      const names = Array.from({ length: 8 }, (_, index) => `memo-${index + 1}.txt`);
      const acknowledged: string[] = [];
      const uploads = names.map((name) =>
        upload(headers, name).then(
          (status) => {
            if (status === 201) acknowledged.push(name);
          },
          () => undefined, // cut off by the kill
        ),
      );
      await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(3), { timeout: 300_000, interval: 10 });
      first.child.kill('SIGKILL');
      await first.exited;
      await Promise.all(uploads);
      const kept = [...acknowledged];

      const second = startServerProcess(env);
      started.push(second);
      await second.waitForLog((line) => line.msg === running);
      const after = await signIn();
      type Listing = { files: { id: string; name: string; status: string }[] };
      const list = async () => ((await (await fetch(`${base}/documents`, { headers: after })).json()) as Listing).files;

      // Every acknowledged upload is there, and every file's ingestion ends (none stuck).
      expect((await list()).map((file) => file.name)).toEqual(expect.arrayContaining(kept));
      await vi.waitFor(async () => expect((await list()).every((file) => file.status === 'ready')).toBe(true), {
        timeout: 300_000,
        interval: 250,
      });
      // No orphan: one original per file row, each one readable; nothing left in the temporary folder.
      const files = await list();
      for (const file of files) {
        expect((await fetch(`${base}/documents/files/${file.id}/download`, { headers: after })).status).toBe(200);
      }
      expect(filesUnder(path.join(crashDir, 'files', 'users'))).toHaveLength(files.length);
      expect(filesUnder(path.join(crashDir, 'files', '.tmp'))).toEqual([]);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      fs.rmSync(crashDir, { recursive: true, force: true });
    }
  }, 600_000);
});
