import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './env.ts';
import { AppError, isApiPath } from './errors.ts';

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

  await app.register(helmet, {
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

  if (!config.rateLimit.enabled) {
    app.log.warn(
      'RATE_LIMITS=off: every per-client rate limit is switched off. Use this for benchmarks and load tests only, never in production.',
    );
    return;
  }
  await app.register(rateLimit, {
    global: true,
    max: limits.max,
    timeWindow: limits.timeWindowMs,
    // The SPA's files are cheap and a page load fetches dozens of them.
    allowList: (request) => !isApiPath(request.url) || probePaths.has(request.url.split('?')[0]!),
    // After the session is resolved (onRequest), so signed-in callers are counted per account and
    // colleagues behind one address do not exhaust each other's budget; anonymous ones per IP (DESIGN §7).
    hook: 'preHandler',
    keyGenerator: (request) => (request.auth ? `user:${request.auth.user.id}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 429, `Too many requests, retry in ${context.after}`),
  });
}
