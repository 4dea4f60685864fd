import type { ReadyResponse } from '@compliance/shared/health';
import type { FastifyBaseLogger } from 'fastify';
import type { Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { Lifecycle } from '../../plugins/lifecycle.ts';

export interface Pingable {
  ping(): Promise<void>;
}

export function createHealthService({
  access,
  database,
  lifecycle,
  log,
}: {
  access: Access;
  database: Pingable;
  lifecycle: Pick<Lifecycle, 'stopping'>;
  log: FastifyBaseLogger;
}) {
  return {
    /** Ready means able to serve requests: the database answers and no stop has begun. */
    async checkReadiness(actor: Actor): Promise<ReadyResponse> {
      await access.require(actor, 'health.read');
      const server = lifecycle.stopping ? 'stopping' : 'running';
      let databaseCheck: ReadyResponse['checks']['database'] = 'ok';
      try {
        await database.ping();
      } catch (error) {
        log.warn({ err: error }, 'Readiness check: the database does not answer');
        databaseCheck = 'failing';
      }
      const ready = databaseCheck === 'ok' && server === 'running';
      return { status: ready ? 'ready' : 'not_ready', checks: { database: databaseCheck, server } };
    },
  };
}
