import type {
  CountryChange,
  CountryChangesResponse,
  CountryLanguage,
  CountryListResponse,
  CountrySummary,
} from '@compliance/shared/countries';
import { getTableName } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { createReadMemory, type ReadMemory } from '../../db/read-memory.ts';
import { fatfDataset, fatfJurisdictions, fatfStatusChanges, type FatfDatasetRow } from '../../db/schema/index.ts';
import type { Actor } from '../access/actor.ts';
import { csvText } from '@compliance/shared/csv';
import { localizedCredits, type StatusTexts } from './countries.content.ts';
import type { CountriesDeps } from './countries.deps.ts';
import { countStatuses, toChange, toSummary } from './countries.mappers.ts';
import type { CountriesRepository } from './countries.repository.ts';

export async function requireDataset(repository: CountriesRepository, tx?: DbExecutor): Promise<FatfDatasetRow> {
  const dataset = await repository.getDataset(tx);
  if (!dataset) throw new Error('The FATF data set has not been loaded');
  return dataset;
}

export interface FatfFacts {
  asOf: string;
  countries: CountrySummary[];
  /** Newest first. */
  changes: CountryChange[];
  statusTexts: StatusTexts;
}

/** The tables the answer engine's FATF facts are read from. */
const factTables = [fatfDataset, fatfJurisdictions, fatfStatusChanges].map((table) => getTableName(table));

/**
 * The list: every jurisdiction with counts (public; admins also see removed ones), latest changes, CSV.
 * `memory` keeps the answer engine's facts (three reads, 2,000 changes) between the writes to their tables.
 */
export function createCountryListService({
  access,
  repository,
  memory = createReadMemory(undefined),
}: Pick<CountriesDeps, 'access' | 'repository'> & { memory?: ReadMemory }) {
  async function listing({ admin }: { admin: boolean }): Promise<CountryListResponse> {
    const [dataset, rows] = await Promise.all([
      requireDataset(repository),
      repository.listJurisdictions({ includeRemoved: admin }),
    ]);
    return {
      meta: {
        asOf: dataset.asOf,
        lastCheckedAt: dataset.lastCheckedAt.toISOString(),
        credits: localizedCredits(dataset.credits),
        sources: dataset.sources as Array<{ title: string; url: string }>,
      },
      counts: countStatuses(rows.filter((row) => row.removedAt === null)),
      countries: rows.map((row) => toSummary(row, { admin })),
    };
  }

  return {
    /** Public: every listed jurisdiction with its status, counts per status and the as-of date. */
    async listCountries(actor: Actor): Promise<CountryListResponse> {
      await access.require(actor, 'country.read');
      return listing({ admin: false });
    },

    /** Admin: the same list with the jurisdictions an import removed. */
    async listAllCountries(actor: Actor): Promise<CountryListResponse> {
      await access.require(actor, 'country.manage');
      return listing({ admin: true });
    },

    /**
     * Public: what the answer engine needs to answer FATF questions from the data itself — every
     * listed jurisdiction, the whole change history, and the status texts.
     */
    async answerFacts(actor: Actor): Promise<FatfFacts> {
      await access.require(actor, 'country.read');
      const [facts] = await memory.read('answer-facts', factTables, async () => {
        const [dataset, rows, changes] = await Promise.all([
          requireDataset(repository),
          repository.listJurisdictions({ includeRemoved: false }),
          repository.listRecentChanges(2_000),
        ]);
        return [
          {
            asOf: dataset.asOf,
            countries: rows.map((row) => toSummary(row, { admin: false })),
            changes: changes.map(toChange),
            statusTexts: dataset.statusTexts as StatusTexts,
          } satisfies FatfFacts,
        ];
      });
      return facts;
    },

    /** Public: the latest list changes (the dashboard's "Latest FATF list changes"). */
    async listChanges(actor: Actor, { limit }: { limit: number }): Promise<CountryChangesResponse> {
      await access.require(actor, 'country.read');
      const [dataset, rows] = await Promise.all([requireDataset(repository), repository.listRecentChanges(limit)]);
      return { asOf: dataset.asOf, changes: rows.map(toChange) };
    },

    /** Public: the list as CSV (UTF-8 with BOM, so Excel reads the accents), names in `language`. */
    async exportCsv(actor: Actor, { language }: { language: CountryLanguage }): Promise<string> {
      await access.require(actor, 'country.read');
      const [dataset, rows] = await Promise.all([
        requireDataset(repository),
        repository.listJurisdictions({ includeRemoved: false }),
      ]);
      const labels = new Map(
        (dataset.statusTexts as StatusTexts).statuses.map((entry) => [entry.status, entry.label[language]]),
      );
      const nameKey = ({ en: 'nameEn', de: 'nameDe', fr: 'nameFr', it: 'nameIt' } as const)[language];
      const header = [
        'iso2',
        'iso3',
        'name',
        'region',
        'fatf_member',
        'fsrbs',
        'status',
        'status_label',
        'status_since',
        'black_list_action',
        'last_checked',
        'last_updated',
        'as_of',
      ];
      const lines = rows.map((row) => [
        row.iso2,
        row.iso3,
        row[nameKey],
        row.region,
        row.fatfMember ? 'true' : 'false',
        row.fsrbs.join(' '),
        row.status,
        labels.get(row.status) ?? row.status,
        row.statusSince ?? '',
        row.blackListAction ?? '',
        row.lastCheckedAt.toISOString().slice(0, 10),
        row.lastUpdatedAt.toISOString().slice(0, 10),
        dataset.asOf,
      ]);
      return `\uFEFF${csvText([header, ...lines])}`;
    },
  };
}

export type CountryListService = ReturnType<typeof createCountryListService>;
