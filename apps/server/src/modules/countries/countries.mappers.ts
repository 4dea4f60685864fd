import type { CountryChange, CountryStatusCounts, CountrySummary } from '@compliance/shared/countries';
import type { FatfJurisdictionRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { JurisdictionRecord, StoredJurisdiction } from './countries.import.ts';
import type { NewStatusChangeRow, StatusChangeWithNames } from './countries.repository.ts';

/** Rows to DTOs and back, shared by the country services. */

export const countryNotFound = () => new AppError('COUNTRY_NOT_FOUND', 404, 'Country not found');

/** `rawId` as an ISO 3166 alpha-2 code, or null when it cannot be one. */
export function toIso2(rawId: string): string | null {
  const iso2 = rawId.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(iso2) ? iso2 : null;
}

export function toRecord(row: FatfJurisdictionRow): StoredJurisdiction {
  return {
    iso2: row.iso2,
    iso3: row.iso3,
    names: { en: row.nameEn, de: row.nameDe, fr: row.nameFr, it: row.nameIt },
    region: row.region,
    fatfMember: row.fatfMember,
    fsrbs: row.fsrbs,
    status: row.status,
    blackListAction: row.blackListAction ?? null,
    statusSince: row.statusSince,
    removed: row.removedAt !== null,
  };
}

export function recordColumns(record: JurisdictionRecord) {
  return {
    iso3: record.iso3,
    nameEn: record.names.en,
    nameDe: record.names.de,
    nameFr: record.names.fr,
    nameIt: record.names.it,
    region: record.region,
    fatfMember: record.fatfMember,
    fsrbs: record.fsrbs,
    status: record.status,
    blackListAction: record.blackListAction,
    statusSince: record.statusSince,
  };
}

export function toSummary(row: FatfJurisdictionRow, { admin }: { admin: boolean }): CountrySummary {
  return {
    iso2: row.iso2,
    iso3: row.iso3,
    names: { en: row.nameEn, de: row.nameDe, fr: row.nameFr, it: row.nameIt },
    region: row.region,
    fatfMember: row.fatfMember,
    fsrbs: row.fsrbs,
    status: row.status,
    blackListAction: row.blackListAction ?? null,
    statusSince: row.statusSince,
    lastCheckedAt: row.lastCheckedAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    ...(admin ? { removedAt: row.removedAt?.toISOString() ?? null } : {}),
  };
}

export function toChange(row: StatusChangeWithNames): CountryChange {
  return {
    id: row.id,
    iso2: row.iso2,
    names: { en: row.nameEn, de: row.nameDe, fr: row.nameFr, it: row.nameIt },
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    blackListAction: row.blackListAction ?? null,
    effectiveDate: row.effectiveDate,
    baseline: row.baseline,
    plenaryName: row.plenaryName ?? null,
    source: row.source,
    note: row.note,
    recordedAt: row.recordedAt.toISOString(),
  };
}

export function countStatuses(rows: Array<{ status: FatfJurisdictionRow['status'] }>): CountryStatusCounts {
  const counts: CountryStatusCounts = { not_listed: 0, grey: 0, black: 0, no_listing: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** Where a history entry comes from and who made it: the same for every entry of one change. */
export interface ChangeOrigin {
  source: NewStatusChangeRow['source'];
  note: string;
  actorUserId: string | null;
  at: Date;
}

/** One entry of a jurisdiction's history (null statuses: added to or removed from the list). */
export function historyRow(
  iso2: string,
  change: {
    from: FatfJurisdictionRow['status'] | null;
    to: FatfJurisdictionRow['status'] | null;
    blackListAction: FatfJurisdictionRow['blackListAction'];
    effectiveDate: string | null;
    plenaryName?: NewStatusChangeRow['plenaryName'];
    baseline?: boolean;
  },
  origin: ChangeOrigin,
): NewStatusChangeRow {
  return {
    iso2,
    fromStatus: change.from,
    toStatus: change.to,
    blackListAction: change.blackListAction,
    effectiveDate: change.effectiveDate,
    plenaryName: change.plenaryName ?? null,
    baseline: change.baseline ?? false,
    source: origin.source,
    note: origin.note,
    actorUserId: origin.actorUserId,
    recordedAt: origin.at,
  };
}

export function startOfDay(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}
