import type { CountrySummary } from '@compliance/shared/countries';
import { describe, expect, it } from 'vitest';
import { filterCountries, matchesSearch, normaliseSearch } from './country-list.ts';

function country(iso2: string, iso3: string, names: CountrySummary['names'], overrides: Partial<CountrySummary> = {}) {
  return {
    iso2,
    iso3,
    names,
    region: 'Europe',
    fatfMember: false,
    fsrbs: [],
    status: 'not_listed',
    blackListAction: null,
    statusSince: null,
    lastCheckedAt: '2026-11-21T00:00:00.000Z',
    lastUpdatedAt: '2026-06-19T00:00:00.000Z',
    ...overrides,
  } satisfies CountrySummary;
}

const switzerland = country('CH', 'CHE', { en: 'Switzerland', de: 'Schweiz', fr: 'Suisse', it: 'Svizzera' });
const ivoryCoast = country(
  'CI',
  'CIV',
  { en: "Côte d'Ivoire", de: 'Côte d’Ivoire', fr: 'Côte d’Ivoire', it: 'Costa d’Avorio' },
  { region: 'Africa', status: 'grey', statusSince: '2024-10-25' },
);
const iran = country(
  'IR',
  'IRN',
  { en: 'Iran, Islamic Republic of', de: 'Iran', fr: 'Iran', it: 'Iran' },
  { region: 'Asia', status: 'black', blackListAction: 'countermeasures', statusSince: '2009-02-25' },
);

describe('country search', () => {
  it('ignores case and accents', () => {
    expect(normaliseSearch('Côte d’Ivoire')).toBe("cote d'ivoire");
    expect(matchesSearch(ivoryCoast, "cote d'iv")).toBe(true);
  });

  it('finds a country by its name in any language or its code', () => {
    for (const query of ['schweiz', 'SUISSE', 'svizz', 'ch', 'che'])
      expect(matchesSearch(switzerland, query)).toBe(true);
    expect(matchesSearch(switzerland, 'iran')).toBe(false);
  });

  it('filters by status and region and sorts', () => {
    const all = [switzerland, ivoryCoast, iran];
    const base = { query: '', status: null, region: null } as const;
    expect(filterCountries(all, { ...base, sort: 'status' }, 'en').map((c) => c.iso2)).toEqual(['IR', 'CI', 'CH']);
    expect(filterCountries(all, { ...base, sort: 'name' }, 'de').map((c) => c.iso2)).toEqual(['CI', 'IR', 'CH']);
    expect(filterCountries(all, { ...base, status: 'grey', sort: 'name' }, 'en').map((c) => c.iso2)).toEqual(['CI']);
    expect(filterCountries(all, { ...base, region: 'Asia', sort: 'name' }, 'en').map((c) => c.iso2)).toEqual(['IR']);
    expect(filterCountries(all, { ...base, sort: 'since' }, 'en').map((c) => c.iso2)).toEqual(['CI', 'IR', 'CH']);
  });
});
