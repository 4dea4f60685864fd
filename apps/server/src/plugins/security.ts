import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest, type preHandlerAsyncHookHandler } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { AppConfig, EndpointRateLimitName } from './env.ts';
import { AppError, isApiPath } from './errors.ts';
import { openApiUiPath } from './openapi.ts';

export interface RateLimitOptions {
  /** Requests per window and client. */
  max: number;
  timeWindowMs: number;
}

/** Liveness and readiness probes: a load balancer's checks all come from one address. */
const probePaths = new Set(['/api/health', '/api/ready']);

/** Security headers (CSP fit for the Vite SPA) and the global API rate limit. */
export async function registerSecurity(
  app: FastifyInstance,
  config: AppConfig,
  // Defaults (RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_MS) are generous on purpose: a whole office behind one
  // NAT address shares the anonymous budget.
  { rateLimit: limits = config.rateLimit }: { rateLimit?: RateLimitOptions } = {},
): Promise<void> {
  const publicUrl = new URL(config.publicUrl);
  const isHttps = publicUrl.protocol === 'https:';
  // 'self' covers same-origin WebSockets in current browsers; the explicit origin helps older ones.
  // Never a bare ws:/wss: scheme, which would let injected code talk to any host.
  const realtimeOrigin = `${isHttps ? 'wss' : 'ws'}://${publicUrl.host}`;

  const pageHeaders = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Radix primitives and toasts set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // No remote images: a markdown image link must not be able to send data to another host.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", realtimeOrigin],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        // The document viewer may show our own files in a frame; nobody may frame us.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        // Only on HTTPS: on a plain-HTTP LAN install it would break every asset.
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Same answer as frame-ancestors 'none', for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
    // Cross-origin isolation would block the Stripe checkout redirect and external links.
    crossOriginEmbedderPolicy: false,
  });
  // API data (JSON, streams, downloads) is never rendered as a page: it gets the short set OWASP's REST
  // Security Cheat Sheet gives for APIs, with a CSP that allows nothing, instead of about 700 bytes of
  // page headers on every answer (an empty list went from 911 to 441 bytes).
  const apiHeaders = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(pageHeaders['strict-transport-security']
      ? { 'strict-transport-security': pageHeaders['strict-transport-security'] }
      : {}),
  };
  // Computed once (no nonces). Given to the reply rather than set on the raw response one validated
  // `setHeader` at a time: Node then checks them once, in `writeHead`, with the reply's own. A hijacked
  // reply (the answer stream) copies them from `reply.getHeaders()`.
  const isApiReference = (url: string) =>
    url === openApiUiPath || url.startsWith(`${openApiUiPath}/`) || url.startsWith(`${openApiUiPath}?`);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) && !isApiReference(request.url) ? apiHeaders : pageHeaders);
    done();
  });

  if (!config.rateLimit.enabled) {
    app.log.warn(
      { rateLimits: 'off' },
      '*** RATE_LIMITS=off: EVERY PER-CLIENT RATE LIMIT IS SWITCHED OFF (global, sign-in, sign-up, codes, chat, uploads, search). For benchmarks and load tests only, never in production. ***',
    );
    return;
  }
  // Shared counters when several servers run behind one load balancer; a Redis outage lets requests
  // through rather than failing them.
  // Loaded only when used: the embedded default never needs the client (docs/performance.md, "Memory").
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis (rate limits) connection problem'));
    app.addHook('onClose', async () => redis.disconnect());
  }
  await app.register(rateLimit, {
    global: true,
    ...(redis ? { redis, nameSpace: 'ca-rate-limit:', skipOnError: true } : {}),
    max: limits.max,
    timeWindow: limits.timeWindowMs,
    // The SPA's files are cheap and a page load fetches dozens of them.
    allowList: (request) => !isApiPath(request.url) || probePaths.has(request.url.split('?')[0]!),
    // After the session is resolved (onRequest), so signed-in callers are counted per account and
    // colleagues behind one address do not exhaust each other's budget; anonymous ones per IP (DESIGN §7).
    hook: 'preHandler',
    keyGenerator: clientKey,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 429, `Too many requests, retry in ${context.after}`),
  });
}

/**
 * The headers @fastify/helmet sets with these options, read once from a throwaway instance: the plugin
 * itself builds every helmet middleware again on each request, a cost each request paid for a constant.
 */
async function helmetHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, NonNullable<OutgoingHttpHeaders[string]>>> {
  const probe = Fastify({ logger: false });
  const headers: Record<string, NonNullable<OutgoingHttpHeaders[string]>> = {};
  try {
    await probe.register(helmet, options);
    probe.addHook('onRequest', async (_request, reply) => {
      for (const [name, value] of Object.entries(reply.raw.getHeaders())) {
        if (value !== undefined) headers[name] = value;
      }
    });
    probe.get('/', async () => '');
    await probe.inject('/');
  } finally {
    await probe.close();
  }
  if (!headers['content-security-policy']) {
    throw new Error('helmet set no Content-Security-Policy header');
  }
  return headers;
}

/** Who a per-endpoint budget counts: the account or, anonymously, the IP (default); always the IP; or a key of the route's own. */
export type RateLimitKey = 'client' | 'ip' | ((request: FastifyRequest) => string);

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
// One counter per endpoint group and key kind, shared by every route that uses it.
const limiters = new WeakMap<object, Map<string, Limiter>>();

/**
 * A preHandler for one of the per-endpoint limits of env.ts (RATE_LIMIT_<NAME>), counted on top of the
 * global budget; every route that uses the same name and key shares one counter per client. Several
 * may guard one route (per IP and per address). A no-op with RATE_LIMITS=off.
 *
 * @example app.post('/auth/signup', { preHandler: endpointRateLimit(app, 'signup', 'ip'), schema }, handler)
 */
export function endpointRateLimit(
  app: FastifyInstance,
  name: EndpointRateLimitName,
  key: RateLimitKey = 'client',
): preHandlerAsyncHookHandler {
  if (!app.config.rateLimit.enabled || !app.hasDecorator('createRateLimit')) return async () => undefined;
  const budget = app.config.rateLimit.endpoints[name];
  const keyOf = key === 'ip' ? (request: FastifyRequest) => `ip:${request.ip}` : key === 'client' ? clientKey : key;
  let byName = limiters.get(app.createRateLimit);
  if (!byName) limiters.set(app.createRateLimit, (byName = new Map()));
  const memoKey = `${name}:${typeof key === 'string' ? key : 'custom'}`;
  let limiter = typeof key === 'string' ? byName.get(memoKey) : undefined;
  if (!limiter) {
    limiter = app.createRateLimit({
      max: budget.max,
      timeWindow: budget.timeWindowMs,
      keyGenerator: (request) => `${name}:${keyOf(request)}`,
    });
    if (typeof key === 'string') byName.set(memoKey, limiter);
  }
  const check = limiter;
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError('RATE_LIMITED', 429, `Too many requests, retry in ${result.ttlInSeconds} seconds`);
  };
}

function clientKey(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.user.id}` : `ip:${request.ip}`;
}
