// PostgreSQL for the bench: the server in DATABASE_URL, or a throwaway database on a local server.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  url: string;
  description: string;
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
  // A database of its own, dropped at the end: the bench never touches existing data.
  const name = `ca_bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end();
    return { skipped: `cannot create a database: ${(error as Error).message}` };
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
  return {
    url: url.toString(),
    description: `PostgreSQL ${version} at ${url.host}, throwaway database ${name}`,
    close: async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    },
  };
}
