// PostgreSQL for the bench: the server in DATABASE_URL, or a throwaway database on a local server.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  description: string;
  /**
   * A new empty database on the server, for one suite: each starts as a PGlite suite does on a fresh
   * DATA_DIR, so one suite's rows (the chat suite's conversations) never weigh on another's figures.
   */
  fresh(): Promise<string>;
  /** Drops every database `fresh` made. */
  close(): Promise<void>;
}

const localServer = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function openPostgres(): Promise<BenchDatabase | { skipped: string }> {
  const baseUrl = process.env.DATABASE_URL ?? localServer;
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    return {
      skipped: process.env.DATABASE_URL
        ? `DATABASE_URL does not answer: ${(error as Error).message}`
        : `DATABASE_URL is not set and no server answers at 127.0.0.1:5432`,
    };
  }
  // Databases of their own, dropped at the end: the bench never touches existing data.
  const prefix = `ca_bench_${randomBytes(4).toString('hex')}`;
  const made: string[] = [];
  try {
    await admin.query(`create database ${prefix}_check`);
    await admin.query(`drop database ${prefix}_check`);
  } catch (error) {
    await admin.end();
    return { skipped: `cannot create a database: ${(error as Error).message}` };
  }
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
  return {
    description: `PostgreSQL ${version} at ${new URL(baseUrl).host}, a throwaway database per suite (${prefix}_*)`,
    fresh: async () => {
      const name = `${prefix}_${made.length + 1}`;
      await admin.query(`create database ${name}`);
      made.push(name);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    close: async () => {
      for (const name of made) await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    },
  };
}
