import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPgliteDatabase, openPostgresDatabase, queryRows, type DatabaseHandle } from '../../src/db/client.ts';
import { createTestDatabase, testPostgresServerUrl } from '../helpers/test-database.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');
const migrationsDir = path.join(serverDir, 'src/db/migrations');
const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

async function tableNames(database: DatabaseHandle): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

async function appliedMigrationCount(database: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return Number(row?.count);
}

async function expectFullyMigrated(database: DatabaseHandle) {
  await database.migrate();
  await database.migrate(); // a restart finds nothing to do
  expect(await tableNames(database)).toEqual(expect.arrayContaining(['app_settings', 'jobs']));
  expect(await appliedMigrationCount(database)).toBe(journal.entries.length);
}

describe('migrations', () => {
  it('apply on PGlite', async () => {
    const database = await openPgliteDatabase();
    try {
      await expectFullyMigrated(database);
    } finally {
      await database.close();
    }
  });

  it.runIf(testPostgresServerUrl())('apply on PostgreSQL, also when two processes start at once', async () => {
    const { handle, url } = await createTestDatabase();
    const other = await openPostgresDatabase(url!);
    try {
      await Promise.all([handle.migrate(), other.migrate()]);
      await expectFullyMigrated(handle);
    } finally {
      await other.close();
      await handle.close();
    }
  });

  it('are up to date with the schema (run `npm run db:generate --workspace apps/server` if not)', async () => {
    // drizzle-kit compares the schema with the latest snapshot; it needs an output folder relative to the cwd.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-migrations-'));
    try {
      fs.cpSync(migrationsDir, copy, { recursive: true });
      const drizzleKit = path.join(path.dirname(fileURLToPath(import.meta.resolve('drizzle-kit'))), 'bin.cjs');
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [
          drizzleKit,
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          './src/db/schema/index.ts',
          '--out',
          path.relative(serverDir, copy),
        ],
        { cwd: serverDir },
      );
      expect(stderr).not.toMatch(/error/i);
      expect(stdout).toContain('No schema changes');
      expect(fs.readdirSync(copy).sort()).toEqual(fs.readdirSync(migrationsDir).sort());
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
