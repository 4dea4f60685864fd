import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from './env.ts';

const censor = '[redacted]';

/** Query parameters whose values are credentials: a reset link's token, a code, a socket ticket… */
const secretParameters = [
  'token',
  'code',
  'ticket',
  'password',
  'secret',
  'session',
  'access_token',
  'refresh_token',
  'id_token',
  'api_key',
  'apikey',
  'key',
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
];
const secretQueryValue = new RegExp(`([?&;](?:${secretParameters.join('|')})=)[^&#;\\s"']*`, 'gi');

/** `/reset?token=abc&email=x` → `/reset?token=[redacted]&email=x`; other text unchanged. */
export function redactUrl(url: string): string {
  return url.replace(secretQueryValue, `$1${censor}`);
}

/** Fields that hold credentials wherever they appear in a logged object (two levels deep). */
const secretFields = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordConfirmation',
  'token',
  'sessionToken',
  'accessToken',
  'refreshToken',
  'ticket',
  'secret',
  'apiKey',
  'authorization',
  'cookie',
];

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body.code',
  '*.body.code',
  ...secretFields.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/**
 * Every string value of a log line's plain objects (not its message), with secret query
 * values cut out: an error's context, a job's URL, a proxied address.
 */
function redactStrings(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.includes('=') ? redactUrl(value) : value;
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, depth - 1));
  // Requests, errors and the like go through their serializers (which redact) after this pass.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = redactStrings(item, depth - 1);
  return copy;
}

/**
 * pino: readable lines on a terminal, JSON lines otherwise (log collectors, tests, containers).
 * Credentials never reach a log line: headers and fields by name (pino redact), and secret query
 * values in every logged URL (the request serializer and a pass over the logged object).
 */
export function createLoggerOptions(
  config: Pick<AppConfig, 'logLevel'>,
  { pretty = process.stdout.isTTY }: { pretty?: boolean } = {},
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    formatters: {
      log: (object) => redactStrings(object, 3) as Record<string, unknown>,
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}

type LogLevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildBindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * A request's logger that builds pino's child only when a line is written at an enabled level. One
 * small object per request, its methods on the prototype: the closures this used to allocate per
 * request were the largest source of garbage promoted out of the young generation under load
 * (docs/performance.md, "Session 15").
 */
class LazyChildLogger {
  #parent: FastifyBaseLogger;
  #bindings: ChildBindings;
  #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: ChildBindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  #write(level: LogLevelName, args: unknown[]): void {
    const parent = this.#parent as { isLevelEnabled?: (level: string) => boolean };
    if (!this.#child && parent.isLevelEnabled && !parent.isLevelEnabled(level)) return;
    (this.#real()[level] as (...values: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }
  set level(value: string) {
    this.#real().level = value;
  }
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}
  child(bindings: ChildBindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/**
 * Fastify's per-request child logger, built by its first call at an enabled level. pino builds a
 * child at once, serialising and redacting its bindings: 7 % of a signed-in request's CPU when the
 * request then logs nothing (LOG_LEVEL=warn and above; measured in docs/performance.md). At `info`
 * Fastify's own request lines build it on the first one, as before. A route with its own level or
 * serialisers gets its child at once.
 */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (
  logger,
  bindings,
  options,
) {
  if (options.level || options.serializers) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
};
