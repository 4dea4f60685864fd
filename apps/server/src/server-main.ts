// Loaded by server.ts once drizzle-orm resolves to its CommonJS build: the HTTP server.
import { buildApp } from './app.ts';
import { buildOrExit, closeGracefully, loadConfigOrExit } from './process-lifecycle.ts';

const config = loadConfigOrExit(process.env);
const app = await buildOrExit(() => buildApp(config));
closeGracefully(app);

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.error({ err: error }, `Cannot listen on ${config.host}:${config.port}`);
  await app.close();
  process.exit(1);
}
const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
app.log.info(`Compliance Assistant is running at ${url}`);
