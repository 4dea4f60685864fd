import type { ReadyResponse } from '@compliance/shared/health';
import type { FastifyBaseLogger } from 'fastify';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';

export interface Pingable {
  ping(): Promise<void>;
}

export function createHealthService({
  access,
  database,
  log,
}: {
  access: Access;
  database: Pingable;
  log: FastifyBaseLogger;
}) {
  return {
    /** Ready means able to serve requests: today, that the database answers. */
    async checkReadiness(actor: Actor): Promise<ReadyResponse> {
      await access.require(actor, 'health.read');
      try {
        await database.ping();
        return { status: 'ready', checks: { database: 'ok' } };
      } catch (error) {
        log.warn({ err: error }, 'Readiness check: the database does not answer');
        return { status: 'not_ready', checks: { database: 'failing' } };
      }
    },
  };
}
