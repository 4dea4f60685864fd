import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, endpointRateLimits, loadConfig } from './env.ts';

function errorFor(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('runs with no configuration at all (the embedded mode)', () => {
    const config = loadConfig({}, { cwd: '/srv/app' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      dataDir: '/srv/app/data',
      logLevel: 'info',
      trustProxy: false,
      anonDailyQueryLimit: 5,
      databaseUrl: undefined,
      s3: undefined,
      llm: undefined,
      stripe: undefined,
      admin: undefined,
    });
    expect(config.webDistDir).toBe(path.resolve(import.meta.dirname, '../../../web/dist'));
  });

  it('names the variable and what is wrong with it', () => {
    expect(errorFor({ PORT: 'abc' })).toBe('Invalid environment: PORT must be a whole number between 1 and 65535');
    expect(errorFor({ PORT: '70000' })).toContain('PORT must be a whole number between 1 and 65535');
    expect(errorFor({ ANON_DAILY_QUERY_LIMIT: '-1' })).toContain('ANON_DAILY_QUERY_LIMIT must be a whole number');
    expect(errorFor({ LOG_LEVEL: 'loud' })).toContain('LOG_LEVEL must be one of fatal, error, warn, info');
    expect(errorFor({ DATABASE_URL: 'mysql://db/app' })).toContain(
      'DATABASE_URL must be a URL starting with postgres://',
    );
    expect(errorFor({ SMTP_URL: 'http://mail' })).toContain('SMTP_URL must be a URL starting with smtp://');
    expect(errorFor({ TRUST_PROXY: 'maybe' })).toContain('TRUST_PROXY must be true, false');
    expect(errorFor({ ADMIN_EMAIL: 'admin', ADMIN_PASSWORD: 'long enough' })).toContain(
      'ADMIN_EMAIL must be an e-mail',
    );
  });

  it('reports every bad variable at once', () => {
    const message = errorFor({ PORT: '0', PUBLIC_URL: 'example.com' });
    expect(message).toContain('PORT must be');
    expect(message).toContain('PUBLIC_URL must be a URL starting with http://');
  });

  it('names the missing partner of settings that only work together', () => {
    expect(errorFor({ STRIPE_SECRET_KEY: 'sk_test_1' })).toContain(
      'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    );
    expect(errorFor({ LLM_MODEL: 'llama3' })).toContain('LLM_BASE_URL is required when LLM_MODEL is set');
    expect(errorFor({ S3_ENDPOINT: 'http://minio:9000' })).toContain('S3_BUCKET is required when S3_ENDPOINT is set');
    expect(errorFor({ ADMIN_EMAIL: 'admin@example.com' })).toContain(
      'ADMIN_PASSWORD is required when ADMIN_EMAIL is set',
    );
  });

  it('switches each adapter on with its variables', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://app@db:5432/app',
      S3_BUCKET: 'files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      LLM_BASE_URL: 'http://ollama:11434/v1/',
      LLM_MODEL: 'llama3',
      EMBEDDINGS_MODEL: 'nomic-embed-text',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'correct horse',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBe('postgres://app@db:5432/app');
    expect(config.s3).toEqual({
      endpoint: undefined,
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(config.llm).toEqual({
      baseUrl: 'http://ollama:11434/v1',
      apiKey: undefined,
      model: 'llama3',
      embeddingsModel: 'nomic-embed-text',
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_123', webhookSecret: 'whsec_123' });
    expect(config.admin).toEqual({ email: 'admin@example.com', password: 'correct horse' });
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('points the Stripe SDK at another API address with STRIPE_API_URL (stripe-mock, a stand-in)', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.stripe?.api).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(errorFor({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toContain(
      'STRIPE_SECRET_KEY is required when STRIPE_API_URL is set',
    );
  });

  it('treats blank values as unset, as .env files write them', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: ' ', TRUST_PROXY: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it('keeps PUBLIC_URL without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://compliance.example.com/' }).publicUrl).toBe(
      'https://compliance.example.com',
    );
  });

  it('reads TRUST_PROXY as on/off, a hop count or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 192.168.0.0/16' }).trustProxy).toEqual(['loopback', '192.168.0.0/16']);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    // Fastify's function form: trust the two addresses nearest the server, not the third.
    expect(typeof hops === 'function' && [hops('10.0.0.1', 0), hops('10.0.0.2', 1), hops('1.2.3.4', 2)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(errorFor({ TRUST_PROXY: '11' })).toContain('TRUST_PROXY must be true, false, a number of proxy hops');
  });

  it('reads every rate limit from its own variable, with defaults, and RATE_LIMITS=off switches them off', () => {
    const defaults = loadConfig({}).rateLimit;
    expect(defaults).toMatchObject({ enabled: true, max: 1000, timeWindowMs: 60_000 });
    expect(Object.keys(defaults.endpoints).sort()).toEqual(Object.keys(endpointRateLimits).sort());
    expect(defaults.endpoints.signup).toEqual({ max: 10, timeWindowMs: 3_600_000 });

    const tuned = loadConfig({
      RATE_LIMITS: 'off',
      RATE_LIMIT_MAX: '50',
      RATE_LIMIT_WINDOW_MS: '10000',
      RATE_LIMIT_CHAT: '5/30s',
      RATE_LIMIT_CODE_SEND_ADDRESS: '3 / 1d',
    }).rateLimit;
    expect(tuned).toMatchObject({ enabled: false, max: 50, timeWindowMs: 10_000 });
    expect(tuned.endpoints.chat).toEqual({ max: 5, timeWindowMs: 30_000 });
    expect(tuned.endpoints.codeSendPerAddress).toEqual({ max: 3, timeWindowMs: 86_400_000 });

    expect(errorFor({ RATE_LIMIT_UPLOAD: '10 per hour' })).toContain(
      'RATE_LIMIT_UPLOAD must be requests per window such as 30/1m',
    );
    expect(errorFor({ RATE_LIMIT_SEARCH: '0/1m' })).toContain('RATE_LIMIT_SEARCH must be requests per window');
    expect(errorFor({ RATE_LIMITS: 'maybe' })).toContain('RATE_LIMITS must be on or off');
  });
});
