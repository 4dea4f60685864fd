import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { DataDirLockedError } from '../../src/db/data-dir-lock.ts';
import { createAppSettingsRepository } from '../../src/modules/settings/app-settings.repository.ts';

describe('embedded database in DATA_DIR', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-embedded-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across a close and reopen, and admits one holder at a time', async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    expect(first.driver).toBe('pglite');
    expect(first.location).toBe(path.join(dataDir, 'pgdata'));
    await first.migrate();
    await createAppSettingsRepository(first.db).set('greeting', { text: 'Grüezi' });

    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(dataDir);

    await first.close();
    await first.close(); // idempotent
    await expect(first.ping()).rejects.toThrow();

    const second = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await second.migrate();
      expect(await createAppSettingsRepository(second.db).get('greeting')).toEqual({ text: 'Grüezi' });
    } finally {
      await second.close();
    }
    // Two full migrations of a file-backed database: a bound for a stuck test on a busy machine
    // (it took 37 s there), not a speed target.
  }, 180_000);
});
