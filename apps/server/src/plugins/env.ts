import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The only place that reads the environment (server.ts and worker.ts pass `process.env` in).
 * Every setting of DESIGN §2 is parsed here, once, by one zod schema; a bad value stops the start
 * with a message that names the variable.
 */

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * Fastify's `trustProxy`: off, on (any proxy: only when nothing but the proxy can reach the server),
 * the number of proxy hops in front, or the proxies' addresses / CIDR ranges.
 */
export type TrustProxySetting = boolean | string[] | TrustProxyHops;

/** A hop count as Fastify's `trustProxy` function: trust the `hops` nearest addresses. */
export type TrustProxyHops = ((address: string, hop: number) => boolean) & { hops: number };

function trustHops(hops: number): TrustProxyHops {
  return Object.assign((_address: string, hop: number) => hop < hops, { hops });
}

/** A per-client budget: `max` requests per `timeWindowMs`. */
export interface RateLimitBudget {
  max: number;
  timeWindowMs: number;
}

/**
 * Per-endpoint limits, each from its own variable (`RATE_LIMIT_<NAME>`, e.g. RATE_LIMIT_CHAT=30/1m);
 * the routes apply them with `endpointRateLimit` (security.ts).
 */
export const endpointRateLimits = {
  /** Questions asked (chat and the anonymous try-out), per account or IP. */
  chat: { variable: 'RATE_LIMIT_CHAT', fallback: '30/1m' },
  /** File uploads, per account. */
  upload: { variable: 'RATE_LIMIT_UPLOAD', fallback: '60/1h' },
  /** Knowledge-base and document searches, per account or IP. */
  search: { variable: 'RATE_LIMIT_SEARCH', fallback: '120/1m' },
  /** Sign-ups, per IP: so that sign-up cannot test addresses in bulk. */
  signup: { variable: 'RATE_LIMIT_SIGNUP', fallback: '10/1h' },
  /** Sign-in attempts, per IP (the per-account lockout is separate). */
  signin: { variable: 'RATE_LIMIT_SIGNIN', fallback: '30/15m' },
  /** Reset and verification codes sent, per IP. */
  codeSendPerIp: { variable: 'RATE_LIMIT_CODE_SEND_IP', fallback: '20/1h' },
  /** Reset and verification codes sent, per e-mail address. */
  codeSendPerAddress: { variable: 'RATE_LIMIT_CODE_SEND_ADDRESS', fallback: '5/1d' },
  /** Code and reset-link checks, per IP. */
  codeCheck: { variable: 'RATE_LIMIT_CODE_CHECK', fallback: '20/15m' },
  /** Code checks, per e-mail address or account: with five tries per code and five codes a day, bounds the guesses. */
  codeCheckPerAddress: { variable: 'RATE_LIMIT_CODE_CHECK_ADDRESS', fallback: '15/1d' },
  /** Purchases (marketplace, subscriptions), per account. */
  purchase: { variable: 'RATE_LIMIT_PURCHASE', fallback: '20/1h' },
  /** Payment-provider webhook requests, per IP (Stripe sends bursts from a few addresses). */
  webhook: { variable: 'RATE_LIMIT_WEBHOOK', fallback: '600/1m' },
} as const;
export type EndpointRateLimitName = keyof typeof endpointRateLimits;

export interface S3Config {
  /** Unset means AWS S3 itself; set for MinIO, Cloudflare R2, Scaleway, … */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export interface LlmConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Embeddings come from the same OpenAI-compatible API; unset means full-text search only. */
  embeddingsModel: string | undefined;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Where users reach the app, without a trailing slash (links in e-mails, CSP, Stripe return URLs). */
  publicUrl: string;
  /** Absolute. Holds the embedded database (`pgdata/`) and, without S3, the file blobs (`files/`). */
  dataDir: string;
  /** Absolute path of the built SPA (`apps/web/dist` unless WEB_DIST_DIR says otherwise). */
  webDistDir: string;
  logLevel: LogLevel;
  trustProxy: TrustProxySetting;
  /** Unset: embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Unset: files on local disk under `dataDir/files`. */
  s3: S3Config | undefined;
  /** Unset: realtime fan-out and rate limits in-process. */
  redisUrl: string | undefined;
  /** Unset: the built-in offline answer engine. */
  llm: LlmConfig | undefined;
  /** Unset: web search is off. */
  webSearchUrl: string | undefined;
  /** Without `smtpUrl`, mail goes to the outbox table and the console. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Unset: the built-in TEST MODE payment provider. */
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        /** Another Stripe API address (stripe-mock, a proxy, the journeys' stand-in); Stripe's own when absent. */
        api?: { host: string; port: number; protocol: 'http' | 'https' };
      }
    | undefined;
  /** Integrations: the key connection secrets are encrypted with (unset: a key file in DATA_DIR), and
   * whether connections may reach private networks (on-premises servers; off by default against SSRF). */
  integrations: {
    secretKey: string | undefined;
    allowPrivateNetworks: boolean;
    /** OAuth apps of the cloud storage vendors; a vendor without its client id and secret is not offered. */
    oauth: OAuthVendorsConfig;
  };
  /** Create or promote this admin at start-up. */
  admin: { email: string; password: string } | undefined;
  anonDailyQueryLimit: number;
  /** On SIGTERM/SIGINT, how long running answers and uploads may take to finish before they are ended. */
  shutdownGraceMs: number;
  /**
   * Per-client rate limits: the global API budget (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS) and one per
   * endpoint group. `enabled: false` (RATE_LIMITS=off) switches them all off, for benchmarks and load tests.
   */
  rateLimit: RateLimitBudget & { enabled: boolean; endpoints: Record<EndpointRateLimitName, RateLimitBudget> };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// The default is resolved from this file so that it does not depend on the working directory.
const defaultWebDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

// `.env` files often hold `NAME=` for "unset"; treat blank values as absent.
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export interface OAuthVendorConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** The API's address (Graph: without the version; Dropbox: the RPC host). */
  apiUrl: string;
  /** Dropbox: the content host (downloads and uploads); Box: the upload host; others: the API's address. */
  contentUrl: string;
}
export interface OAuthVendorsConfig {
  onedrive: OAuthVendorConfig | undefined;
  dropbox: OAuthVendorConfig | undefined;
  googledrive: OAuthVendorConfig | undefined;
  box: OAuthVendorConfig | undefined;
}

function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

function withDefault<T extends z.ZodType>(schema: T, fallback: z.input<T>) {
  return z.preprocess((value) => blankToUndefined(value) ?? fallback, schema);
}

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number between ${min} and ${max}`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);
}

function urlWithProtocol(protocols: readonly string[], example: string) {
  const message = `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (e.g. ${example})`;
  return z
    .string({ error: message })
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, message);
}

const httpUrl = (example: string) => urlWithProtocol(['http:', 'https:'], example);
const text = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .trim()
    .min(1, `must be ${what}`);

function trustProxySetting() {
  const message =
    'must be true, false, a number of proxy hops (1-10), or a comma-separated list of proxy addresses / CIDR ranges';
  return z.string({ error: message }).transform((raw, ctx): TrustProxySetting => {
    const value = raw.trim().toLowerCase();
    if (['', 'false', 'no', 'off', '0'].includes(value)) return false;
    if (['true', 'yes', 'on'].includes(value)) return true;
    // The client is that many addresses from the right of X-Forwarded-For.
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return trustHops(hops);
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    // proxy-addr also accepts the names loopback, linklocal and uniquelocal.
    const isAddressOrRange = (entry: string) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(entry) && /[.:]/.test(entry);
    if (entries.every((entry) => isAddressOrRange(entry) || ['loopback', 'linklocal', 'uniquelocal'].includes(entry))) {
      return entries;
    }
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

const durationUnits = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `30/1m`, `5/1d`, `100/30s`: requests per window. */
function rateBudget() {
  const message = 'must be requests per window such as 30/1m, 100/30s, 10/1h or 5/1d';
  return z.string({ error: message }).transform((raw, ctx): RateLimitBudget => {
    const match = /^(\d+)\s*\/\s*(\d+)\s*([smhd])$/.exec(raw.trim().toLowerCase());
    const max = Number(match?.[1]);
    const timeWindowMs = Number(match?.[2]) * durationUnits[(match?.[3] ?? 's') as keyof typeof durationUnits];
    if (!match || max < 1 || max > 10_000_000 || timeWindowMs < 1_000 || timeWindowMs > 7 * 86_400_000) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return { max, timeWindowMs };
  });
}

type EndpointVariable = (typeof endpointRateLimits)[EndpointRateLimitName]['variable'];

function endpointRateLimitVariables() {
  return Object.fromEntries(
    Object.values(endpointRateLimits).map(({ variable, fallback }) => [variable, withDefault(rateBudget(), fallback)]),
  ) as Record<EndpointVariable, ReturnType<typeof withDefault<ReturnType<typeof rateBudget>>>>;
}

export const envSchema = z
  .object({
    PORT: withDefault(wholeNumber(1, 65535), '3000'),
    HOST: withDefault(text('a host name or IP address to listen on'), '127.0.0.1'),
    PUBLIC_URL: optional(httpUrl('https://compliance.example.com')),
    DATA_DIR: withDefault(text('a directory path'), './data'),
    WEB_DIST_DIR: optional(text('a directory path')),
    DATABASE_URL: optional(urlWithProtocol(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/db')),
    S3_ENDPOINT: optional(httpUrl('https://s3.eu-central-1.amazonaws.com')),
    S3_BUCKET: optional(text('a bucket name')),
    S3_ACCESS_KEY_ID: optional(text('an access key id')),
    S3_SECRET_ACCESS_KEY: optional(text('a secret access key')),
    S3_REGION: optional(text('a region name such as eu-central-1')),
    REDIS_URL: optional(urlWithProtocol(['redis:', 'rediss:'], 'redis://localhost:6379')),
    LLM_BASE_URL: optional(httpUrl('http://localhost:11434/v1')),
    LLM_API_KEY: optional(text('an API key')),
    LLM_MODEL: optional(text('a model name')),
    EMBEDDINGS_MODEL: optional(text('a model name')),
    WEB_SEARCH_URL: optional(httpUrl('http://localhost:8888/search')),
    SMTP_URL: optional(urlWithProtocol(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587')),
    MAIL_FROM: withDefault(
      text('a sender address such as "Compliance Assistant <no-reply@example.com>"').refine(
        (value) => value.includes('@'),
        'must be a sender address such as "Compliance Assistant <no-reply@example.com>"',
      ),
      'Compliance Assistant <no-reply@localhost>',
    ),
    STRIPE_SECRET_KEY: optional(
      text('a Stripe secret key').refine(
        (value) => /^(sk|rk)_/.test(value),
        'must be a Stripe secret key (sk_… or rk_…)',
      ),
    ),
    STRIPE_WEBHOOK_SECRET: optional(
      text('a Stripe webhook signing secret').refine(
        (value) => value.startsWith('whsec_'),
        'must be a Stripe webhook signing secret (whsec_…)',
      ),
    ),
    STRIPE_API_URL: optional(httpUrl('http://127.0.0.1:12111')),
    INTEGRATIONS_SECRET_KEY: optional(z.string().min(32, 'must be at least 32 characters long')),
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: withDefault(
      z.enum(['true', 'false'], { error: 'must be true or false' }),
      'false',
    ),
    MICROSOFT_CLIENT_ID: optional(text('the application (client) id of an Entra ID app registration')),
    MICROSOFT_CLIENT_SECRET: optional(text('a client secret of that app registration')),
    MICROSOFT_TENANT: withDefault(
      text('a tenant id or domain, or common / organizations').regex(
        /^[A-Za-z0-9.-]+$/,
        'must be a tenant id or domain',
      ),
      'common',
    ),
    MICROSOFT_LOGIN_URL: withDefault(httpUrl('https://login.microsoftonline.com'), 'https://login.microsoftonline.com'),
    MICROSOFT_GRAPH_URL: withDefault(httpUrl('https://graph.microsoft.com'), 'https://graph.microsoft.com'),
    DROPBOX_CLIENT_ID: optional(text('the app key of a Dropbox app')),
    DROPBOX_CLIENT_SECRET: optional(text('the app secret of that Dropbox app')),
    DROPBOX_WEB_URL: withDefault(httpUrl('https://www.dropbox.com'), 'https://www.dropbox.com'),
    DROPBOX_API_URL: withDefault(httpUrl('https://api.dropboxapi.com'), 'https://api.dropboxapi.com'),
    DROPBOX_CONTENT_URL: withDefault(httpUrl('https://content.dropboxapi.com'), 'https://content.dropboxapi.com'),
    GOOGLE_CLIENT_ID: optional(text('the client id of a Google Cloud OAuth client (web application)')),
    GOOGLE_CLIENT_SECRET: optional(text('the client secret of that OAuth client')),
    GOOGLE_ACCOUNTS_URL: withDefault(httpUrl('https://accounts.google.com'), 'https://accounts.google.com'),
    GOOGLE_OAUTH_URL: withDefault(httpUrl('https://oauth2.googleapis.com'), 'https://oauth2.googleapis.com'),
    GOOGLE_DRIVE_URL: withDefault(httpUrl('https://www.googleapis.com'), 'https://www.googleapis.com'),
    BOX_CLIENT_ID: optional(text('the client id of a Box Platform app (user authentication, OAuth 2.0)')),
    BOX_CLIENT_SECRET: optional(text('the client secret of that Box app')),
    BOX_ACCOUNT_URL: withDefault(httpUrl('https://account.box.com'), 'https://account.box.com'),
    BOX_API_URL: withDefault(httpUrl('https://api.box.com'), 'https://api.box.com'),
    BOX_UPLOAD_URL: withDefault(httpUrl('https://upload.box.com'), 'https://upload.box.com'),
    ADMIN_EMAIL: optional(z.email({ error: 'must be an e-mail address' })),
    ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters long')),
    ANON_DAILY_QUERY_LIMIT: withDefault(wholeNumber(0, 1_000_000), '5'),
    RATE_LIMITS: withDefault(z.enum(['on', 'off'], { error: 'must be on or off' }), 'on'),
    RATE_LIMIT_MAX: withDefault(wholeNumber(1, 10_000_000), '1000'),
    RATE_LIMIT_WINDOW_MS: withDefault(wholeNumber(1_000, 86_400_000), '60000'),
    SHUTDOWN_GRACE_MS: withDefault(wholeNumber(0, 600_000), '20000'),
    ...endpointRateLimitVariables(),
    LOG_LEVEL: withDefault(z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }), 'info'),
    TRUST_PROXY: withDefault(trustProxySetting(), 'false'),
  })
  .superRefine((env, ctx) => {
    // Settings that only make sense together: name the missing partner, not a generic error.
    const requireWith = (missing: keyof typeof env, because: keyof typeof env) => {
      if (env[because] !== undefined && env[missing] === undefined) {
        ctx.addIssue({ code: 'custom', path: [missing], message: `is required when ${because} is set` });
      }
    };
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'] as const) {
      requireWith('S3_BUCKET', name);
    }
    requireWith('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID');
    requireWith('S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY');
    for (const name of ['LLM_MODEL', 'LLM_API_KEY', 'EMBEDDINGS_MODEL'] as const) {
      requireWith('LLM_BASE_URL', name);
    }
    requireWith('LLM_MODEL', 'LLM_BASE_URL');
    requireWith('STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY');
    requireWith('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET');
    requireWith('STRIPE_SECRET_KEY', 'STRIPE_API_URL');
    requireWith('MICROSOFT_CLIENT_SECRET', 'MICROSOFT_CLIENT_ID');
    requireWith('MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET');
    requireWith('DROPBOX_CLIENT_SECRET', 'DROPBOX_CLIENT_ID');
    requireWith('DROPBOX_CLIENT_ID', 'DROPBOX_CLIENT_SECRET');
    requireWith('GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID');
    requireWith('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
    requireWith('BOX_CLIENT_SECRET', 'BOX_CLIENT_ID');
    requireWith('BOX_CLIENT_ID', 'BOX_CLIENT_SECRET');
    requireWith('ADMIN_PASSWORD', 'ADMIN_EMAIL');
    requireWith('ADMIN_EMAIL', 'ADMIN_PASSWORD');
  });

type ParsedEnv = z.output<typeof envSchema>;

function defaultPublicUrl(host: string, port: number): string {
  // A wildcard bind address is not something a browser can open.
  const reachableHost = ['0.0.0.0', '::', '[::]'].includes(host) ? 'localhost' : host;
  const urlHost = reachableHost.includes(':') && !reachableHost.startsWith('[') ? `[${reachableHost}]` : reachableHost;
  return `http://${urlHost}:${port}`;
}

/** The Stripe SDK takes an API address as host, port and protocol. */
function stripeApiOf(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port) || (protocol === 'http' ? 80 : 443), protocol };
}

function oauthVendors(env: ParsedEnv): OAuthVendorsConfig {
  const base = (url: string) => url.replace(/\/+$/, '');
  const login = `${base(env.MICROSOFT_LOGIN_URL)}/${env.MICROSOFT_TENANT}/oauth2/v2.0`;
  return {
    onedrive:
      env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET
        ? {
            clientId: env.MICROSOFT_CLIENT_ID,
            clientSecret: env.MICROSOFT_CLIENT_SECRET,
            authorizeUrl: `${login}/authorize`,
            tokenUrl: `${login}/token`,
            apiUrl: base(env.MICROSOFT_GRAPH_URL),
            contentUrl: base(env.MICROSOFT_GRAPH_URL),
          }
        : undefined,
    dropbox:
      env.DROPBOX_CLIENT_ID && env.DROPBOX_CLIENT_SECRET
        ? {
            clientId: env.DROPBOX_CLIENT_ID,
            clientSecret: env.DROPBOX_CLIENT_SECRET,
            authorizeUrl: `${base(env.DROPBOX_WEB_URL)}/oauth2/authorize`,
            tokenUrl: `${base(env.DROPBOX_API_URL)}/oauth2/token`,
            apiUrl: base(env.DROPBOX_API_URL),
            contentUrl: base(env.DROPBOX_CONTENT_URL),
          }
        : undefined,
    googledrive:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            authorizeUrl: `${base(env.GOOGLE_ACCOUNTS_URL)}/o/oauth2/v2/auth`,
            tokenUrl: `${base(env.GOOGLE_OAUTH_URL)}/token`,
            apiUrl: base(env.GOOGLE_DRIVE_URL),
            contentUrl: base(env.GOOGLE_DRIVE_URL),
          }
        : undefined,
    box:
      env.BOX_CLIENT_ID && env.BOX_CLIENT_SECRET
        ? {
            clientId: env.BOX_CLIENT_ID,
            clientSecret: env.BOX_CLIENT_SECRET,
            authorizeUrl: `${base(env.BOX_ACCOUNT_URL)}/api/oauth2/authorize`,
            tokenUrl: `${base(env.BOX_API_URL)}/oauth2/token`,
            apiUrl: base(env.BOX_API_URL),
            contentUrl: base(env.BOX_UPLOAD_URL),
          }
        : undefined,
  };
}

function toAppConfig(env: ParsedEnv, cwd: string): AppConfig {
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? defaultPublicUrl(env.HOST, env.PORT)).replace(/\/+$/, ''),
    dataDir: path.resolve(cwd, env.DATA_DIR),
    webDistDir: env.WEB_DIST_DIR ? path.resolve(cwd, env.WEB_DIST_DIR) : defaultWebDistDir,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    databaseUrl: env.DATABASE_URL,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    redisUrl: env.REDIS_URL,
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? {
            baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
            apiKey: env.LLM_API_KEY,
            model: env.LLM_MODEL,
            embeddingsModel: env.EMBEDDINGS_MODEL,
          }
        : undefined,
    webSearchUrl: env.WEB_SEARCH_URL,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            ...(env.STRIPE_API_URL ? { api: stripeApiOf(env.STRIPE_API_URL) } : {}),
          }
        : undefined,
    integrations: {
      secretKey: env.INTEGRATIONS_SECRET_KEY,
      allowPrivateNetworks: env.INTEGRATIONS_ALLOW_PRIVATE_NETWORKS === 'true',
      oauth: oauthVendors(env),
    },
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    anonDailyQueryLimit: env.ANON_DAILY_QUERY_LIMIT,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    rateLimit: {
      enabled: env.RATE_LIMITS === 'on',
      max: env.RATE_LIMIT_MAX,
      timeWindowMs: env.RATE_LIMIT_WINDOW_MS,
      endpoints: Object.fromEntries(
        Object.entries(endpointRateLimits).map(([name, { variable }]) => [name, env[variable]]),
      ) as Record<EndpointRateLimitName, RateLimitBudget>,
    },
  };
}

/**
 * Parses the environment into the app's configuration.
 * @throws ConfigError naming every bad variable, e.g. "Invalid environment: PORT must be a whole number …".
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command,
  // so `DATA_DIR=./data npm start` (and the default) mean the folder the user is in.
  { cwd = env.INIT_CWD ?? process.cwd() }: { cwd?: string } = {},
): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  return Object.freeze(toAppConfig(result.data, cwd));
}
