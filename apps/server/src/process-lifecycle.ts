import closeWithGrace from 'close-with-grace';
import type { App } from './app.ts';
import { loadConfig, type AppConfig } from './plugins/env.ts';

/** Reads the environment; on a bad value prints which variable is wrong and exits 1 (no stack trace). */
export function loadConfigOrExit(env: NodeJS.ProcessEnv): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** Builds the app; a start-up failure the operator can fix (DATA_DIR locked, …) is printed without a stack. */
export async function buildOrExit(build: () => Promise<App>): Promise<App> {
  try {
    return await build();
  } catch (error) {
    const expected = error instanceof Error && ['DataDirLockedError', 'ConfigError'].includes(error.name);
    console.error(expected ? error.message : error);
    process.exit(1);
  }
}

/**
 * On SIGTERM / SIGINT: stop taking work, finish in-flight requests and jobs, close the database
 * (CHECKPOINT for PGlite), then exit 0. A second signal or a hang beyond `delayMs` exits 1.
 */
export function closeGracefully(app: App, delayMs = 15_000): void {
  closeWithGrace({ delay: delayMs, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'Shutting down after an uncaught error');
    else app.log.info(`${signal ?? 'Exit'} received: shutting down`);
    await app.close();
    app.log.info('Shut down cleanly');
  });
}
