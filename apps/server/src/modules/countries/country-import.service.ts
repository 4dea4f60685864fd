import type { ApplyImportResponse, CountryImportInput, ImportDiff } from '@compliance/shared/countries';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Actor } from '../access/actor.ts';
import type { FatfContent } from './countries.content.ts';
import { announce, type CountriesDeps } from './countries.deps.ts';
import {
  ImportParseError,
  parseImport,
  planImport,
  type ImportPlan,
  type JurisdictionRecord,
  type StoredJurisdiction,
} from './countries.import.ts';
import { historyRow, recordColumns, startOfDay, toRecord, type ChangeOrigin } from './countries.mappers.ts';
import type { NewJurisdictionRow, NewStatusChangeRow } from './countries.repository.ts';

function laterDate(a: string, b: string): string {
  return a >= b ? a : b;
}

/**
 * Whole lists coming in: the shipped content/fatf on start, and an admin's import (a diff first,
 * then applied on the version that was previewed).
 */
export function createCountryImportService(deps: CountriesDeps) {
  const { access, repository, log, audit, now } = deps;

  /** Writes a plan computed inside the same transaction; returns the iso2 codes whose status changed. */
  async function writePlan(
    tx: DbExecutor,
    plan: ImportPlan,
    {
      effectiveDateFor,
      plenaryNameFor,
      origin,
    }: {
      effectiveDateFor: (record: JurisdictionRecord) => string | null;
      plenaryNameFor: (date: string | null) => NewStatusChangeRow['plenaryName'];
      origin: ChangeOrigin;
    },
  ): Promise<string[]> {
    const { at } = origin;
    const changes: NewStatusChangeRow[] = [];
    const record = (
      iso2: string,
      from: JurisdictionRecord['status'] | null,
      to: JurisdictionRecord | null,
      dated: JurisdictionRecord,
    ) => {
      const effectiveDate = effectiveDateFor(dated);
      changes.push(
        historyRow(
          iso2,
          {
            from,
            to: to?.status ?? null,
            blackListAction: to?.blackListAction ?? null,
            effectiveDate,
            plenaryName: plenaryNameFor(effectiveDate),
          },
          origin,
        ),
      );
    };
    const restored = new Set(
      (await repository.listJurisdictions({ includeRemoved: true }, tx))
        .filter((row) => row.removedAt)
        .map((row) => row.iso2),
    );
    const inserts: NewJurisdictionRow[] = [];
    for (const added of plan.added) {
      const row = { ...recordColumns(added), lastCheckedAt: at, lastUpdatedAt: at, removedAt: null };
      if (restored.has(added.iso2)) await repository.updateJurisdiction(tx, added.iso2, row);
      else inserts.push({ iso2: added.iso2, ...row });
      record(added.iso2, null, added, added);
    }
    await repository.insertJurisdictions(tx, inserts);
    for (const { before, after, statusChanged } of plan.changed) {
      await repository.updateJurisdiction(tx, after.iso2, {
        ...recordColumns(after),
        lastCheckedAt: at,
        lastUpdatedAt: at,
      });
      if (statusChanged) record(after.iso2, before.status, after, after);
    }
    await repository.markRemoved(
      tx,
      plan.removed.map((removed) => removed.iso2),
      at,
    );
    for (const removed of plan.removed) record(removed.iso2, removed.status, null, removed);
    await repository.insertChanges(tx, changes);
    await repository.markAllChecked(tx, at);
    return changes.map((change) => change.iso2);
  }

  async function storedJurisdictions(tx: DbExecutor): Promise<StoredJurisdiction[]> {
    return (await repository.listJurisdictions({ includeRemoved: true }, tx)).map(toRecord);
  }

  function planOrThrow(stored: StoredJurisdiction[], input: CountryImportInput): ImportPlan {
    try {
      return planImport(stored, parseImport(input.format, input.content), input.effectiveDate);
    } catch (error) {
      if (error instanceof ImportParseError) {
        throw new AppError('COUNTRY_IMPORT_INVALID', 400, error.message, { fields: error.problems });
      }
      throw error;
    }
  }

  return {
    /**
     * Loads content/fatf into the database on the first start, and again when the files are newer
     * (their `asOf` is later than the data in the database, which an admin import may have moved on).
     * Status and body texts are refreshed on every start. Safe with several processes starting at once.
     * Runs at start-up, before any request: there is no caller to check.
     */
    async ensureContentLoaded(content: FatfContent): Promise<'seeded' | 'updated' | 'current'> {
      const at = now();
      const texts = {
        statusTexts: content.statusTexts,
        regionalBodies: content.regionalBodies,
        sources: content.meta.sources,
        credits: content.meta.credits,
      };
      const shipped: ChangeOrigin = { source: 'content', note: '', actorUserId: null, at };
      return repository.transaction(async (tx) => {
        const created = await repository.insertDatasetIfMissing(tx, {
          asOf: content.meta.asOf,
          contentAsOf: content.meta.asOf,
          lastCheckedAt: startOfDay(content.meta.lastChecked),
          ...texts,
        });
        const plenaryByDate = new Map(content.plenaries.map((plenary) => [plenary.date, plenary.name]));
        if (created) {
          const lastCheckedAt = startOfDay(content.meta.lastChecked);
          const lastChangeDate = new Map<string, string>();
          for (const plenary of content.plenaries) {
            for (const change of plenary.changes) if (!change.baseline) lastChangeDate.set(change.iso2, plenary.date);
          }
          await repository.insertJurisdictions(
            tx,
            content.jurisdictions.map((jurisdiction) => ({
              iso2: jurisdiction.iso2,
              ...recordColumns(jurisdiction),
              lastCheckedAt,
              lastUpdatedAt: startOfDay(lastChangeDate.get(jurisdiction.iso2) ?? content.meta.asOf),
            })),
          );
          await repository.insertChanges(
            tx,
            content.plenaries.flatMap((plenary) =>
              plenary.changes.map((change) =>
                historyRow(
                  change.iso2,
                  {
                    from: change.from,
                    to: change.to,
                    blackListAction: change.action ?? null,
                    effectiveDate: change.baseline ? (change.since ?? null) : plenary.date,
                    baseline: change.baseline ?? false,
                    plenaryName: change.baseline ? null : plenary.name,
                  },
                  shipped,
                ),
              ),
            ),
          );
          return 'seeded';
        }

        const dataset = await repository.lockDataset(tx);
        if (!dataset) throw new Error('The FATF data set row is missing');
        await repository.updateDataset(tx, texts, { bumpVersion: false });
        if (content.meta.asOf <= dataset.contentAsOf) return 'current';
        if (content.meta.asOf <= dataset.asOf) {
          // An admin already imported a list at least as recent: keep it, remember the files were seen.
          await repository.updateDataset(tx, { contentAsOf: content.meta.asOf }, { bumpVersion: false });
          log.info({ contentAsOf: content.meta.asOf, asOf: dataset.asOf }, 'FATF content is not newer than the data');
          return 'current';
        }
        const plan = planImport(
          await storedJurisdictions(tx),
          content.jurisdictions.map((jurisdiction, index) => ({ line: index + 1, ...jurisdiction })),
          content.meta.asOf,
        );
        const contentChecked = startOfDay(content.meta.lastChecked);
        const touched = await writePlan(tx, plan, {
          effectiveDateFor: (record) => record.statusSince ?? content.meta.asOf,
          plenaryNameFor: (date) => (date ? (plenaryByDate.get(date) ?? null) : null),
          origin: shipped,
        });
        await repository.updateDataset(
          tx,
          {
            asOf: content.meta.asOf,
            contentAsOf: content.meta.asOf,
            lastCheckedAt: contentChecked > dataset.lastCheckedAt ? contentChecked : dataset.lastCheckedAt,
          },
          { bumpVersion: true },
        );
        log.info({ asOf: content.meta.asOf, changed: touched.length }, 'Loaded newer FATF content');
        return 'updated';
      });
    },

    /** Admin: what importing a list would change. Changes nothing. */
    async previewImport(actor: Actor, input: CountryImportInput): Promise<ImportDiff> {
      await access.require(actor, 'country.manage');
      return repository.transaction(async (tx) => {
        const dataset = await repository.getDataset(tx);
        if (!dataset) throw new Error('The FATF data set has not been loaded');
        const plan = planOrThrow(await storedJurisdictions(tx), input);
        return { baseVersion: dataset.version, ...plan.diff };
      });
    },

    /**
     * Admin: applies an import in one transaction, on the version the admin previewed (else
     * COUNTRY_IMPORT_STALE and nothing changes). Every entry counts as reviewed.
     */
    async applyImport(
      actor: Actor,
      { origin = null, ...input }: CountryImportInput & { baseVersion: number; origin?: string | null },
    ): Promise<ApplyImportResponse> {
      const caller = await access.require(actor, 'country.manage');
      const at = now();
      const result = await repository.transaction(async (tx) => {
        const dataset = await repository.lockDataset(tx);
        if (!dataset) throw new Error('The FATF data set has not been loaded');
        if (dataset.version !== input.baseVersion) {
          throw new AppError('COUNTRY_IMPORT_STALE', 409, 'The list changed since the preview');
        }
        const plan = planOrThrow(await storedJurisdictions(tx), input);
        const touched = await writePlan(tx, plan, {
          effectiveDateFor: () => input.effectiveDate,
          plenaryNameFor: () => null,
          origin: { source: 'import', note: input.sourceNote, actorUserId: caller.user.id, at },
        });
        const updated = await repository.updateDataset(
          tx,
          { asOf: laterDate(dataset.asOf, input.effectiveDate), lastCheckedAt: at },
          { bumpVersion: true },
        );
        if (touched.length > 0)
          await deps.recordChange(tx, { reason: 'imported', asOf: updated.asOf, changed: touched });
        await audit.record(
          'admin.countries_imported',
          {
            actor: caller.user,
            ipAddress: caller.ip,
            metadata: {
              format: input.format,
              effectiveDate: input.effectiveDate,
              sourceNote: input.sourceNote,
              totals: plan.diff.totals,
              added: plan.added.map((record) => record.iso2),
              removed: plan.removed.map((record) => record.iso2),
              changed: plan.changed.map((entry) => entry.after.iso2),
            },
          },
          tx,
        );
        return { applied: plan.diff.totals, version: updated.version, asOf: updated.asOf, touched };
      });
      await announce(deps, {
        reason: 'imported',
        asOf: result.asOf,
        changed: result.touched,
        originConnectionId: origin,
      });
      return { applied: result.applied, version: result.version, asOf: result.asOf };
    },
  };
}

export type CountryImportService = ReturnType<typeof createCountryImportService>;
