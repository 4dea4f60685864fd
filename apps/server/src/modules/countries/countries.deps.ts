import type { FastifyBaseLogger } from 'fastify';
import type { DbExecutor } from '../../db/client.ts';
import type { Access } from '../access/access.ts';
import type { CountriesRepository } from './countries.repository.ts';

/** What the country services record in the audit log (the audit module's `record`, narrowed). */
export interface CountriesAudit {
  record(
    action: 'admin.country_status_changed' | 'admin.countries_imported' | 'admin.countries_reviewed',
    entry: { actor: { id: string; email: string }; ipAddress?: string; metadata?: Record<string, unknown> },
    tx?: DbExecutor,
  ): Promise<void>;
}

/** A committed change of the list, announced to every signed-in tab (realtime `countries.updated`). */
export interface CountriesUpdate {
  reason: 'status_changed' | 'imported' | 'reviewed';
  asOf: string;
  changed: string[];
  /** The browser tab that made the change (it is not echoed). */
  originConnectionId: string | null;
}

export type CountriesPublisher = (event: CountriesUpdate) => Promise<void>;

/** A change of the lists (statuses changed, not a mere review), as other modules hear of it. */
export interface ListChange {
  /** Unique per change: listeners hear of a change at least once and de-duplicate by it. */
  changeId: string;
  reason: 'status_changed' | 'imported';
  asOf: string;
  /** The iso2 codes whose status changed. */
  changed: string[];
}

/**
 * Records a change inside the transaction that makes it (an outbox): other modules hear of it once
 * it commits, even if the process stops right after.
 */
export type ListChangeRecorder = (tx: DbExecutor, change: Omit<ListChange, 'changeId'>) => Promise<void>;

/** Everything the country services share. */
export interface CountriesDeps {
  access: Access;
  repository: CountriesRepository;
  log: FastifyBaseLogger;
  audit: CountriesAudit;
  publish: CountriesPublisher;
  recordChange: ListChangeRecorder;
  now: () => Date;
}

/** Announces a change after its transaction committed; a failed announcement never fails the change. */
export async function announce(deps: Pick<CountriesDeps, 'publish' | 'log'>, update: CountriesUpdate): Promise<void> {
  await deps
    .publish(update)
    .catch((error: unknown) => deps.log.warn({ err: error }, 'Could not publish countries.updated'));
}
