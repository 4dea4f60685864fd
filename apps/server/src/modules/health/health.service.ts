import type { ReadyResponse } from '@compliance/shared/health';
import type { FastifyBaseLogger } from 'fastify';

export interface Pingable {
  ping(): Promise<void>;
}

export function createHealthService({ database, log }: { database: Pingable; log: FastifyBaseLogger }) {
  return {
    /** Ready means able to serve requests: today, that the database answers. */
    async checkReadiness(): Promise<ReadyResponse> {
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
