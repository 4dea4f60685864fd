import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPgliteDatabase, openPostgresDatabase, type DatabaseHandle } from '../../src/db/client.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The fresh PostgreSQL database's URL; undefined on PGlite. */
  url: string | undefined;
}

/** The PostgreSQL server to test against, when the suite runs in PostgreSQL mode. */
export function testPostgresServerUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/**
 * A fresh database (buildApp applies the migrations): an in-memory PGlite copied from the migrated
 * template of test/global-setup.ts, or — when
 * DATABASE_URL is set — a new `ca_test_<random>` database on that server, dropped again on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testPostgresServerUrl();
  if (!serverUrl) {
    const templatePath = inject('pgliteTemplatePath');
    const template = templatePath ? new Blob([await fs.promises.readFile(templatePath)]) : undefined;
    return { handle: await openPgliteDatabase({ loadDataDir: template }), url: undefined };
  }

  const name = `ca_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgresDatabase(url.toString());
  let closing: Promise<void> | undefined;
  const dropAfterClose = async () => {
    await handle.close();
    await withAdminClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
  };
  return { handle: { ...handle, close: () => (closing ??= dropAfterClose()) }, url: url.toString() };
}

async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
