import type { CountryLanguage, CountryStatus, CountrySummary } from '@compliance/shared/countries';

/** Lower case without accents: "Côte d’Ivoire" and "cote d'ivoire" match. */
export function normaliseSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase()
    .trim();
}

/** Matches the name in any of the four languages, or the ISO 2 / ISO 3 code. */
export function matchesSearch(country: CountrySummary, query: string): boolean {
  const needle = normaliseSearch(query);
  if (needle === '') return true;
  if (needle.length <= 3 && (country.iso2.toLowerCase() === needle || country.iso3.toLowerCase() === needle)) {
    return true;
  }
  return Object.values(country.names).some((name) => normaliseSearch(name).includes(needle));
}

export const sortOptions = ['name', 'nameDesc', 'status', 'since', 'code'] as const;
export type SortOption = (typeof sortOptions)[number];

export function isSortOption(value: string | null): value is SortOption {
  return value !== null && (sortOptions as readonly string[]).includes(value);
}

/** Most severe first. */
const severity: Record<CountryStatus, number> = { black: 0, grey: 1, not_listed: 2, no_listing: 3 };

export interface CountryFilters {
  query: string;
  status: CountryStatus | null;
  region: string | null;
  sort: SortOption;
}

export function filterCountries(
  countries: CountrySummary[],
  { query, status, region, sort }: CountryFilters,
  language: CountryLanguage,
): CountrySummary[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const byName = (a: CountrySummary, b: CountrySummary) => collator.compare(a.names[language], b.names[language]);
  const comparators: Record<SortOption, (a: CountrySummary, b: CountrySummary) => number> = {
    name: byName,
    nameDesc: (a, b) => byName(b, a),
    status: (a, b) => severity[a.status] - severity[b.status] || byName(a, b),
    since: (a, b) => (b.statusSince ?? '').localeCompare(a.statusSince ?? '') || byName(a, b),
    code: (a, b) => a.iso2.localeCompare(b.iso2),
  };
  return countries
    .filter(
      (country) =>
        (status === null || country.status === status) &&
        (region === null || country.region === region) &&
        matchesSearch(country, query),
    )
    .sort(comparators[sort]);
}
