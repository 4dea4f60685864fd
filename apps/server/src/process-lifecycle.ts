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
 * On SIGTERM / SIGINT: refuse new work (503 with Retry-After), let running answers and uploads finish
 * within SHUTDOWN_GRACE_MS, then end what is left (answer streams get an event the web app offers to
 * retry), hand running jobs back, close the database (CHECKPOINT for PGlite) and exit 0. Only a second
 * signal or a close that hangs well past the grace exits 1.
 */
export function closeGracefully(app: App, graceMs = app.config.shutdownGraceMs): void {
  // The hard limit leaves room after the grace for the jobs' hand-back and the database's checkpoint.
  closeWithGrace({ delay: graceMs + 30_000, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'Shutting down after an uncaught error');
    else app.log.info(`${signal ?? 'Exit'} received: shutting down`);
    // After an uncaught error the process state is suspect: no grace.
    const { unfinished } = await app.lifecycle.drain(err ? 0 : graceMs);
    await app.close();
    app.log.info({ endedEarly: unfinished }, 'Shut down cleanly');
  });
}
