import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from './env.ts';

/** pino: readable lines on a terminal, JSON lines otherwise (log collectors, tests, containers). */
export function createLoggerOptions(
  config: Pick<AppConfig, 'logLevel'>,
  { pretty = process.stdout.isTTY }: { pretty?: boolean } = {},
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      censor: '[redacted]',
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}
