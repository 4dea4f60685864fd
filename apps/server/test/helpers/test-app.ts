import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type BuildAppOptions } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { endpointRateLimits, loadConfig, type AppConfig } from '../../src/plugins/env.ts';
import { createTestDatabase } from './test-database.ts';

export interface CreateTestAppOptions extends Omit<BuildAppOptions, 'database'> {
  /** Environment variables on top of the test defaults (temp DATA_DIR, no web build, silent logs). */
  env?: Record<string, string>;
}

export interface TestApp extends App {
  /** The test database's URL when running against PostgreSQL (e.g. to connect a second worker). */
  testDatabaseUrl: string | undefined;
}

/**
 * The real app on a fresh database: an in-memory PGlite, or a new PostgreSQL database when DATABASE_URL
 * is set. Job loop off (call `app.jobs.runDueJobs()`), logs off. `await app.close()` removes everything.
 *
 * @example
 * let app: TestApp;
 * beforeAll(async () => { app = await createTestApp(); });
 * afterAll(() => app.close());
 */
export async function createTestApp({ env, jobs, ...options }: CreateTestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-data-'));
  const config = testConfig({ DATA_DIR: dataDir, ...env });
  const testDatabase = await createTestDatabase();
  // The app closes the database it is given: clean up the temp folder at that moment too.
  const database: DatabaseHandle = {
    ...testDatabase.handle,
    close: async () => {
      await testDatabase.handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const app = await buildApp(config, {
    logger: false,
    ...options,
    database,
    jobs: { runInProcess: false, ...jobs },
    // Tests start with an empty knowledge base unless they ask for the starter content.
    library: { seedKnowledgeBase: false, stuckFileSweepMs: 0, ...options.library },
  });
  return Object.assign(app, { testDatabaseUrl: testDatabase.url });
}

const generousEndpointLimits = Object.fromEntries(
  Object.values(endpointRateLimits).map(({ variable }) => [variable, '100000/1h']),
);

/** A config as the server would load it, with test defaults; nothing is read from process.env. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    // A folder that does not exist: API tests must not depend on whether the web app was built.
    WEB_DIST_DIR: path.join(os.tmpdir(), 'ca-test-no-web-build'),
    LOG_LEVEL: 'silent',
    // The suites sign up, ask and upload far more from one address than a person would; the limits
    // themselves are tested with their own budgets (security.test.ts).
    ...generousEndpointLimits,
    ...env,
  });
}
