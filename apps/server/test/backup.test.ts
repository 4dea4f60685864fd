import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../src/db/client.ts';
import { appSettings } from '../src/db/schema/index.ts';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../src/backup.ts', import.meta.url));
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-backup-test-'));

function cli(args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return run(process.execPath, ['--disable-warning=ExperimentalWarning', script, ...args], { env });
}

afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

// Each test starts the backup tool as its own process (a fresh Node and PGlite each time): on a busy
// 2-core machine that takes far longer than the default 30 s, so the bound is generous.
describe('backup and restore of the embedded install', { timeout: 180_000 }, () => {
  it('copies the database and the stored files into a new DATA_DIR', async () => {
    const source = path.join(temp, 'source');
    const database = await openPgliteDatabase({ dataDir: source });
    await database.migrate();
    await database.db.insert(appSettings).values({ key: 'backup-probe', value: { kept: true } });
    await database.close();
    fs.mkdirSync(path.join(source, 'files'), { recursive: true });
    fs.writeFileSync(path.join(source, 'files', 'blob.bin'), 'stored file');
    fs.writeFileSync(path.join(source, 'integrations.key'), 'the installation key', { mode: 0o600 });

    const { stdout } = await cli(['backup', path.join(temp, 'backups')], source);
    const backupFolder = /Backup written to (.+)/.exec(stdout)?.[1]?.trim() ?? '';
    expect(fs.existsSync(path.join(backupFolder, 'pgdata.tar'))).toBe(true);

    const restored = path.join(temp, 'restored');
    await cli(['restore', backupFolder], restored);
    const reopened = await openPgliteDatabase({ dataDir: restored });
    try {
      const rows = await reopened.db.select().from(appSettings).where(eq(appSettings.key, 'backup-probe'));
      expect(rows[0]?.value).toEqual({ kept: true });
    } finally {
      await reopened.close();
    }
    expect(fs.readFileSync(path.join(restored, 'files', 'blob.bin'), 'utf8')).toBe('stored file');
    // Without it the integrations' stored credentials could not be decrypted.
    expect(fs.readFileSync(path.join(restored, 'integrations.key'), 'utf8')).toBe('the installation key');

    // Restoring over an existing database is refused and changes nothing.
    await expect(cli(['restore', backupFolder], restored)).rejects.toMatchObject({
      stderr: expect.stringContaining('already holds a database'),
    });
  });

  it('refuses while a server holds the DATA_DIR', async () => {
    const dataDir = path.join(temp, 'busy');
    const running = await openPgliteDatabase({ dataDir });
    try {
      await expect(cli(['backup', path.join(temp, 'nope')], dataDir)).rejects.toMatchObject({
        stderr: expect.stringMatching(/lock|in use|another/i),
      });
    } finally {
      await running.close();
    }
  });
});
