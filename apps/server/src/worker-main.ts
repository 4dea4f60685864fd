// Loaded by worker.ts once drizzle-orm resolves to its CommonJS build.
import { buildApp } from './app.ts';
import { buildOrExit, closeGracefully, loadConfigOrExit } from './process-lifecycle.ts';

// An extra job runner: the same app (so the same job handlers), without listening for HTTP.
// With the embedded database the server already runs jobs; extra workers need DATABASE_URL.
const config = loadConfigOrExit(process.env);
const app = await buildOrExit(() => buildApp(config, { jobs: { runInProcess: true } }));
closeGracefully(app);
app.log.info(`Compliance Assistant worker ${app.jobs.runner.workerId} is running`);
