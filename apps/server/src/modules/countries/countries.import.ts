import {
  blackListActions,
  countryRegions,
  type BlackListAction,
  type CountryStatus,
  type ImportDiff,
  type ImportDiffEntry,
  type ImportProblem,
  type LocalizedText,
  importFieldChanges,
} from '@compliance/shared/countries';
import { parse as parseCsv } from 'csv-parse/sync';
import { locales } from '@compliance/shared/locales';

/**
 * Reading a whole new list (CSV or JSON) and comparing it with the stored one. Pure functions: the
 * service runs them once for the preview and again, inside the transaction, when the list is applied.
 */

/** A jurisdiction's listing data, as stored and as imported. */
export interface JurisdictionRecord {
  iso2: string;
  iso3: string;
  names: LocalizedText;
  region: string;
  fatfMember: boolean;
  fsrbs: string[];
  status: CountryStatus;
  blackListAction: BlackListAction | null;
  statusSince: string | null;
}

export interface StoredJurisdiction extends JurisdictionRecord {
  removed: boolean;
}

/** One line (CSV) or entry (JSON) of an import. Absent fields keep the stored value. */
export interface ImportEntry {
  line: number;
  iso2: string;
  iso3?: string;
  names?: Partial<LocalizedText>;
  region?: string;
  fatfMember?: boolean;
  fsrbs?: string[];
  status: CountryStatus;
  blackListAction?: BlackListAction | null;
  statusSince?: string | null;
}

/** `{ "<line>": problem }`; "file" for the file as a whole. */
export type ImportProblems = Record<string, ImportProblem>;

export class ImportParseError extends Error {
  override name = 'ImportParseError';
  readonly problems: ImportProblems;
  constructor(problems: ImportProblems) {
    super(`The list has problems: ${JSON.stringify(problems)}`);
    this.problems = problems;
  }
}

const MAX_REPORTED_PROBLEMS = 25;

function addProblem(problems: ImportProblems, line: number | 'file', problem: ImportProblem): void {
  const key = String(line);
  if (Object.keys(problems).length < MAX_REPORTED_PROBLEMS && !(key in problems)) problems[key] = problem;
}

function normaliseKey(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

const statusAliases: Record<string, CountryStatus> = {
  not_listed: 'not_listed',
  notlisted: 'not_listed',
  grey: 'grey',
  gray: 'grey',
  grey_list: 'grey',
  gray_list: 'grey',
  grey_listed: 'grey',
  black: 'black',
  black_list: 'black',
  black_listed: 'black',
  no_listing: 'no_listing',
};

function parseStatus(value: unknown): CountryStatus | undefined {
  return typeof value === 'string' ? statusAliases[normaliseKey(value)] : undefined;
}

function parseAction(value: unknown): BlackListAction | null | undefined | 'invalid' {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value !== 'string') return 'invalid';
  const key = normaliseKey(value);
  if (key === 'edd') return 'enhanced_due_diligence';
  return (blackListActions as readonly string[]).includes(key) ? (key as BlackListAction) : 'invalid';
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function parseDate(value: unknown): string | null | undefined | 'invalid' {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  return typeof value === 'string' && isCalendarDate(value.trim()) ? value.trim() : 'invalid';
}

function parseBoolean(value: unknown): boolean | undefined | 'invalid' {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return 'invalid';
  const key = normaliseKey(value);
  if (['true', 'yes', '1', 'y'].includes(key)) return true;
  if (['false', 'no', '0', 'n'].includes(key)) return false;
  return 'invalid';
}

function parseCodes(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value))
    return value
      .map((item) => String(item).trim().toUpperCase())
      .filter(Boolean)
      .sort();
  if (typeof value !== 'string') return undefined;
  return value
    .split(/[\s|;,]+/)
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean)
    .sort();
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Turns one raw entry (a CSV record by column name, or a JSON object) into an ImportEntry. */
function toEntry(raw: Record<string, unknown>, line: number, problems: ImportProblems): ImportEntry | null {
  const iso2 = typeof raw.iso2 === 'string' ? raw.iso2.trim().toUpperCase() : '';
  if (!/^[A-Z]{2}$/.test(iso2)) {
    addProblem(problems, line, 'invalidIso2');
    return null;
  }
  const status = parseStatus(raw.status);
  if (!status) {
    addProblem(problems, line, 'invalidStatus');
    return null;
  }
  const entry: ImportEntry = { line, iso2, status };
  const fail = (problem: ImportProblem): null => {
    addProblem(problems, line, problem);
    return null;
  };

  const iso3 = optionalText(raw.iso3)?.toUpperCase();
  if (iso3 !== undefined) {
    if (!/^[A-Z]{3}$/.test(iso3)) return fail('invalidIso3');
    entry.iso3 = iso3;
  }
  const names: Partial<LocalizedText> = {};
  const rawNames = typeof raw.names === 'object' && raw.names !== null ? (raw.names as Record<string, unknown>) : {};
  for (const language of locales) {
    const name = optionalText(raw[`name_${language}`]) ?? optionalText(rawNames[language]);
    if (name !== undefined) names[language] = name;
  }
  if (Object.keys(names).length > 0) entry.names = names;

  const region = optionalText(raw.region);
  if (region !== undefined) {
    const known = countryRegions.find((candidate) => candidate.toLowerCase() === region.toLowerCase());
    if (!known) return fail('invalidRegion');
    entry.region = known;
  }
  const fatfMember = parseBoolean(raw.fatf_member ?? raw.fatfMember);
  if (fatfMember === 'invalid') return fail('invalidBoolean');
  if (fatfMember !== undefined) entry.fatfMember = fatfMember;
  const fsrbs = parseCodes(raw.fsrbs);
  if (fsrbs !== undefined) entry.fsrbs = fsrbs;

  const action = parseAction(raw.black_list_action ?? raw.blackListAction);
  if (action === 'invalid') return fail('invalidAction');
  if (action !== undefined) entry.blackListAction = action;
  if (status !== 'black' && action) return fail('invalidAction');

  const since = parseDate(raw.status_since ?? raw.statusSince);
  if (since === 'invalid') return fail('invalidDate');
  if (since !== undefined) entry.statusSince = since;
  return entry;
}

function detectDelimiter(headerLine: string): string {
  const candidates = [',', ';', '\t'];
  let best = ',';
  let bestCount = 0;
  for (const candidate of candidates) {
    const count = headerLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

function parseCsvEntries(
  content: string,
  problems: ImportProblems,
): Array<{ raw: Record<string, unknown>; line: number }> {
  const text = content.replace(/^\uFEFF/, '');
  const headerLine = text.split(/\r?\n/, 1)[0] ?? '';
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parseCsv(text, {
      columns: (header: string[]) => header.map(normaliseKey),
      delimiter: detectDelimiter(headerLine),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as Array<{ record: Record<string, string>; info: { lines: number } }>;
  } catch {
    addProblem(problems, 'file', 'unreadable');
    return [];
  }
  const first = records[0];
  if (!first) {
    addProblem(problems, 'file', 'empty');
    return [];
  }
  if (!('iso2' in first.record) || !('status' in first.record)) {
    addProblem(problems, 'file', 'missingColumn');
    return [];
  }
  return records.map(({ record, info }) => ({ raw: record, line: info.lines }));
}

function parseJsonEntries(
  content: string,
  problems: ImportProblems,
): Array<{ raw: Record<string, unknown>; line: number }> {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch {
    addProblem(problems, 'file', 'unreadable');
    return [];
  }
  const list = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null && Array.isArray((data as { jurisdictions?: unknown }).jurisdictions)
      ? (data as { jurisdictions: unknown[] }).jurisdictions
      : null;
  if (!list) {
    addProblem(problems, 'file', 'unreadable');
    return [];
  }
  if (list.length === 0) {
    addProblem(problems, 'file', 'empty');
    return [];
  }
  return list.map((item, index) => ({
    raw: typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {},
    line: index + 1,
  }));
}

/**
 * Reads a list. CSV: a header with at least `iso2` and `status` (any order, `,` `;` or tab separated,
 * with or without BOM). JSON: an array in the shape of content/fatf/jurisdictions.json, or
 * `{ "jurisdictions": [...] }`.
 * @throws ImportParseError with the problems per line.
 */
export function parseImport(format: 'csv' | 'json', content: string): ImportEntry[] {
  const problems: ImportProblems = {};
  const raws = format === 'csv' ? parseCsvEntries(content, problems) : parseJsonEntries(content, problems);
  const entries: ImportEntry[] = [];
  const seen = new Set<string>();
  for (const { raw, line } of raws) {
    const entry = toEntry(raw, line, problems);
    if (!entry) continue;
    if (seen.has(entry.iso2)) {
      addProblem(problems, line, 'duplicateIso2');
      continue;
    }
    seen.add(entry.iso2);
    entries.push(entry);
  }
  if (Object.keys(problems).length > 0) throw new ImportParseError(problems);
  return entries;
}

export interface ImportPlan {
  diff: Omit<ImportDiff, 'baseVersion'>;
  /** Records to write: added (new or restored) and changed. */
  added: JurisdictionRecord[];
  changed: Array<{ before: StoredJurisdiction; after: JurisdictionRecord; statusChanged: boolean }>;
  removed: StoredJurisdiction[];
  unchanged: string[];
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function diffEntry(
  before: JurisdictionRecord | null,
  after: JurisdictionRecord | null,
  fields: ImportDiffEntry['fields'] = [],
): ImportDiffEntry {
  const names = (after ?? before)?.names ?? { en: '', de: '', fr: '', it: '' };
  return {
    iso2: (after ?? before)?.iso2 ?? '',
    names,
    fromStatus: before?.status ?? null,
    toStatus: after?.status ?? null,
    fromAction: before?.blackListAction ?? null,
    toAction: after?.blackListAction ?? null,
    fields,
  };
}

/**
 * Compares an imported list with the stored one. Jurisdictions missing from the import are removed
 * (hidden, history kept); a previously removed one that reappears is added back.
 * @throws ImportParseError when a new jurisdiction lacks what it needs (names, codes, region) or a
 * black-listed one lacks its measure.
 */
export function planImport(stored: StoredJurisdiction[], entries: ImportEntry[], effectiveDate: string): ImportPlan {
  const problems: ImportProblems = {};
  const byIso2 = new Map(stored.map((jurisdiction) => [jurisdiction.iso2, jurisdiction]));
  const plan: ImportPlan = {
    diff: {
      totals: { added: 0, removed: 0, changed: 0, unchanged: 0 },
      added: [],
      removed: [],
      changed: [],
      unchanged: [],
      countsAfter: { not_listed: 0, grey: 0, black: 0, no_listing: 0 },
    },
    added: [],
    changed: [],
    removed: [],
    unchanged: [],
  };

  for (const entry of entries) {
    const existing = byIso2.get(entry.iso2);
    const base: Partial<JurisdictionRecord> = existing ?? {};
    const nameEn = entry.names?.en ?? base.names?.en;
    const names: LocalizedText | undefined =
      nameEn === undefined
        ? undefined
        : {
            en: nameEn,
            de: entry.names?.de ?? base.names?.de ?? nameEn,
            fr: entry.names?.fr ?? base.names?.fr ?? nameEn,
            it: entry.names?.it ?? base.names?.it ?? nameEn,
          };
    const iso3 = entry.iso3 ?? base.iso3;
    const region = entry.region ?? base.region;
    if (!names || !iso3) {
      addProblem(problems, entry.line, !names ? 'missingNames' : 'invalidIso3');
      continue;
    }
    if (!region) {
      addProblem(problems, entry.line, 'invalidRegion');
      continue;
    }
    let blackListAction: BlackListAction | null = null;
    if (entry.status === 'black') {
      blackListAction =
        entry.blackListAction ?? (existing?.status === 'black' ? existing.blackListAction : null) ?? null;
      if (!blackListAction) {
        addProblem(problems, entry.line, 'invalidAction');
        continue;
      }
    }
    const statusChanged =
      !existing || existing.removed || existing.status !== entry.status || existing.blackListAction !== blackListAction;
    // A status change takes effect on the import's date unless the line gives another date (a date
    // equal to the stored one is the old status's, e.g. in an edited export).
    const givenSince =
      entry.statusSince !== undefined && !(statusChanged && entry.statusSince === existing?.statusSince)
        ? entry.statusSince
        : undefined;
    const statusSince =
      givenSince !== undefined ? givenSince : statusChanged ? effectiveDate : (existing?.statusSince ?? null);
    const after: JurisdictionRecord = {
      iso2: entry.iso2,
      iso3,
      names,
      region,
      fatfMember: entry.fatfMember ?? base.fatfMember ?? false,
      fsrbs: entry.fsrbs ?? base.fsrbs ?? [],
      status: entry.status,
      blackListAction,
      statusSince,
    };
    plan.diff.countsAfter[after.status] += 1;

    if (!existing || existing.removed) {
      plan.added.push(after);
      plan.diff.added.push(diffEntry(existing && !existing.removed ? existing : null, after));
      continue;
    }
    const fields = importFieldChanges.filter((field) => {
      switch (field) {
        case 'names':
          return locales.some((language) => existing.names[language] !== names[language]);
        case 'fsrbs':
          return !sameList(existing.fsrbs, after.fsrbs);
        default:
          return existing[field] !== after[field];
      }
    });
    if (fields.length === 0) {
      plan.unchanged.push(entry.iso2);
    } else {
      plan.changed.push({ before: existing, after, statusChanged });
      plan.diff.changed.push(diffEntry(existing, after, fields));
    }
  }
  if (Object.keys(problems).length > 0) throw new ImportParseError(problems);

  const imported = new Set(entries.map((entry) => entry.iso2));
  for (const jurisdiction of stored) {
    if (jurisdiction.removed || imported.has(jurisdiction.iso2)) continue;
    plan.removed.push(jurisdiction);
    plan.diff.removed.push(diffEntry(jurisdiction, null));
  }
  plan.diff.unchanged = [...plan.unchanged];
  plan.diff.totals = {
    added: plan.added.length,
    removed: plan.removed.length,
    changed: plan.changed.length,
    unchanged: plan.unchanged.length,
  };
  return plan;
}
