import fs from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { replyRouteNotFound, type NotFoundFallback } from './errors.ts';

/** Responses smaller than this go out as they are: compressing them costs more than it saves. */
export const compressionThresholdBytes = 1024;

// Everything textual except text/event-stream: an answer stream must reach the browser event by
// event, and a compressor would hold the events back until its buffer fills.
const compressibleTypes =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.+-]+\+)?(?:json|javascript|xml)|image\/svg\+xml)/i;

/**
 * Brotli or gzip, as the client accepts, for every response registered after this (routes must be
 * registered later: the plugin attaches per route). Pre-compressed static files and hijacked replies
 * (answer streams, WebSocket upgrades) pass through untouched.
 */
async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: compressionThresholdBytes,
    // Up to 64 KiB (a page of search results, a document list) compressed in one call on the event
    // loop (under a millisecond at these levels) instead of through a stream and the thread pool:
    // the plugin's default on two cores is 8 KiB (docs/performance.md, "Session 14").
    syncThreshold: 65_536,
    encodings: ['br', 'gzip'],
    customTypes: compressibleTypes,
    // Dynamic responses: a fast Brotli level and a window to fit them (the default 4 MiB window is set
    // up for every response); the build compresses the static files at the highest. On a 25 KB page
    // of search results: 0.37 ms and 7.26 KB, against 0.72 ms and 7.16 KB at level 4 (session 18).
    brotliOptions: {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 },
    },
    zlibOptions: { level: 6 },
  });
}

/**
 * Serves the built SPA (WEB_DIST_DIR) and answers every other page request with index.html, so that
 * deep links such as /documents/123 work on reload (history fallback). Returns that fallback for the
 * not-found handler. Registers response compression first, so that it covers every later route.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<NotFoundFallback> {
  await registerCompression(app);
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`The web app is not built (${indexFile} is missing): run \`npm run build\`.`);
    return (_request, reply) =>
      reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(notBuiltPage(webDistDir));
  }

  const assetsDir = path.join(webDistDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDistDir,
    index: ['index.html'],
    // The build writes name.br and name.gz beside each file (vite.config.ts): sent as they are.
    preCompressed: true,
    // Our own Cache-Control below; the plugin's default (max-age=0) would be sent as well.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        // Vite puts a content hash in every file name under assets/: they never change.
        filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  return (request, reply) => {
    // A missing hashed file is a real 404 (an old chunk after a deploy): index.html there would be
    // served as JavaScript and hide the failure the SPA's chunk-reload logic relies on.
    if (request.url.startsWith('/assets/')) return replyRouteNotFound(request, reply);
    return reply.code(200).sendFile('index.html');
  };
}

function notBuiltPage(webDistDir: string): string {
  const escaped = webDistDir.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Compliance Assistant — web app not built</title></head>
  <body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
    <h1>The web app has not been built yet</h1>
    <p>The API is running, but there is no built front end in <code>${escaped}</code>.</p>
    <p>Run <code>npm run build</code> and restart the server (or use <code>npm start</code>, which does both).</p>
  </body>
</html>
`;
}
