import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle, type Db } from '../db/client.ts';
import type { AppConfig } from './env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle, for repositories (never for routes). */
    db: Db;
    /** The open database's lifecycle: readiness ping, driver, location. */
    database: DatabaseHandle;
  }
}

/**
 * Opens the database (or takes the one given, e.g. a test database), applies pending migrations and
 * closes it when the app closes — for PGlite with a CHECKPOINT and the release of the DATA_DIR lock.
 */
export async function registerDatabase(
  app: FastifyInstance,
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  { database: given }: { database?: DatabaseHandle } = {},
): Promise<void> {
  const log = app.log.child({ component: 'db' });
  const database =
    given ??
    (await openDatabase(config, {
      onBackgroundError: (error) => log.error({ err: error }, 'Idle database connection failed'),
      onStaleLockTakenOver: (pid) =>
        log.warn(`Took over the DATA_DIR lock of process ${pid}, which is no longer running`),
    }));
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.addHook('onClose', async () => {
    await database.close();
    log.info('Database closed');
  });

  await database.migrate();
  log.info({ driver: database.driver, location: database.location }, 'Database ready');
}

/** The database as a named plugin: every module that queries declares `dependencies: ['db']`. */
export const databasePlugin = fp<{ database?: DatabaseHandle }>(
  async (app, options) => registerDatabase(app, app.config, options),
  { name: 'db' },
);
