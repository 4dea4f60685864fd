import type { ChangeCountryStatusInput, CountrySummary } from '@compliance/shared/countries';
import { AppError } from '../../plugins/errors.ts';
import type { Actor } from '../access/actor.ts';
import { announce, type CountriesDeps } from './countries.deps.ts';
import { countryNotFound, historyRow, toIso2, toSummary } from './countries.mappers.ts';

/** Admin: one jurisdiction's status, and "reviewed today" for the whole list. */
export function createCountryStatusService(deps: CountriesDeps) {
  const { access, repository, audit, now } = deps;

  return {
    /** One jurisdiction's new status, recorded in its history and the audit log. */
    async changeStatus(
      actor: Actor,
      { id, origin = null, ...input }: ChangeCountryStatusInput & { id: string; origin?: string | null },
    ): Promise<CountrySummary> {
      const caller = await access.require(actor, 'country.manage');
      const iso2 = toIso2(id);
      const at = now();
      const result = await repository.transaction(async (tx) => {
        const dataset = await repository.lockDataset(tx);
        const row = iso2 ? await repository.findJurisdiction(iso2, tx) : undefined;
        if (!iso2 || !dataset || !row || row.removedAt !== null) throw countryNotFound();
        const blackListAction = input.status === 'black' ? (input.blackListAction ?? null) : null;
        if (row.status === input.status && (row.blackListAction ?? null) === blackListAction) {
          throw new AppError('VALIDATION_FAILED', 400, 'The status is unchanged', {
            fields: { status: 'countries:admin.statusUnchanged' },
          });
        }
        await repository.updateJurisdiction(tx, iso2, {
          status: input.status,
          blackListAction,
          statusSince: input.effectiveDate,
          lastUpdatedAt: at,
          lastCheckedAt: at,
        });
        await repository.insertChanges(tx, [
          historyRow(
            iso2,
            { from: row.status, to: input.status, blackListAction, effectiveDate: input.effectiveDate },
            { source: 'admin', note: input.sourceNote, actorUserId: caller.user.id, at },
          ),
        ]);
        const updated = await repository.updateDataset(tx, {}, { bumpVersion: true });
        await deps.recordChange(tx, { reason: 'status_changed', asOf: updated.asOf, changed: [iso2] });
        await audit.record(
          'admin.country_status_changed',
          {
            actor: caller.user,
            ipAddress: caller.ip,
            metadata: {
              iso2,
              from: row.status,
              to: input.status,
              blackListAction,
              effectiveDate: input.effectiveDate,
              sourceNote: input.sourceNote,
            },
          },
          tx,
        );
        const fresh = await repository.findJurisdiction(iso2, tx);
        if (!fresh) throw countryNotFound();
        return { summary: toSummary(fresh, { admin: true }), asOf: updated.asOf, iso2 };
      });
      await announce(deps, {
        reason: 'status_changed',
        asOf: result.asOf,
        changed: [result.iso2],
        originConnectionId: origin,
      });
      return result.summary;
    },

    /** The list was reviewed today ("last checked"), without changes. */
    async markReviewed(actor: Actor, { origin = null }: { origin?: string | null } = {}) {
      const caller = await access.require(actor, 'country.manage');
      const at = now();
      const asOf = await repository.transaction(async (tx) => {
        await repository.lockDataset(tx);
        await repository.markAllChecked(tx, at);
        const updated = await repository.updateDataset(tx, { lastCheckedAt: at }, { bumpVersion: true });
        await audit.record('admin.countries_reviewed', { actor: caller.user, ipAddress: caller.ip }, tx);
        return updated.asOf;
      });
      await announce(deps, { reason: 'reviewed', asOf, changed: [], originConnectionId: origin });
      return { lastCheckedAt: at.toISOString() };
    },
  };
}

export type CountryStatusService = ReturnType<typeof createCountryStatusService>;
