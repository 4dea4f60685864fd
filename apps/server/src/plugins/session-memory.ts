import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { SessionMemoryGuard } from '../modules/auth/session.service.ts';
import { watchAuthWrites } from './auth-writes.ts';

/** The Redis key every instance bumps after a write that may change a session or a user. */
export const AUTH_VERSION_KEY = 'ca:auth-version';

/**
 * When the session service may answer a signed-in request from memory (ADR 027):
 * - PGlite: while nothing that may change `users` or `sessions` was written (one process holds the
 *   database: the DATA_DIR lock, so every write is seen).
 * - PostgreSQL: while this process has written nothing to `users` or `sessions` (the pool is watched),
 *   and, with REDIS_URL (several instances, workers), while the version they all bump after such a
 *   write is unchanged: read from Redis on each request, so a revocation on one instance counts on
 *   every other one from the next request. When Redis cannot be read, requests read the database.
 */
export async function sessionMemoryGuard(app: FastifyInstance): Promise<SessionMemoryGuard> {
  const written = app.database.writeGeneration;
  if (written) return { generation: () => written.of('users') + written.of('sessions') };

  let generation = 0;
  const redis = app.config.redisUrl
    ? new (await import('ioredis')).Redis(app.config.redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        // Failing at once while disconnected: the request then reads its session from the database.
        enableOfflineQueue: false,
        lazyConnect: true,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis (session versions) connection problem'));
    await redis
      .connect()
      .catch((error: unknown) => app.log.warn({ err: error }, 'Redis (session versions) not reachable'));
    app.addHook('onClose', async () => redis.disconnect());
  }

  const pool = (app.db as unknown as { $client: pg.Pool }).$client;
  watchAuthWrites(pool, {
    started: () => {
      generation += 1;
    },
    ended: async () => {
      generation += 1;
      if (!redis) return;
      // Before the write's own caller goes on (and answers): the next request anywhere sees the new version.
      await redis.incr(AUTH_VERSION_KEY).catch((error: unknown) => {
        app.log.error({ err: error }, 'Could not tell other instances that a session or user changed');
      });
    },
  });

  return {
    generation: () => generation,
    ...(redis
      ? {
          sharedVersion: () =>
            redis.get(AUTH_VERSION_KEY).then(
              (version) => version ?? '0',
              () => null,
            ),
        }
      : {}),
  };
}
