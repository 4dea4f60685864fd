import fs from 'node:fs';
import type { CountryChange, CountrySummary } from '@compliance/shared/countries';
import { describe, expect, it } from 'vitest';
import type { FatfFacts } from '../countries/country-list.service.ts';
import { asksAboutFatf, fatfFactSources } from './fatf-facts.ts';
import { loadScopeCheck } from './scope.ts';

const statusTexts = JSON.parse(
  fs.readFileSync(new URL('../../../../../content/fatf/statuses.json', import.meta.url), 'utf8'),
) as FatfFacts['statusTexts'];

const country = (
  iso2: string,
  en: string,
  de: string,
  status: CountrySummary['status'],
  extra: Partial<CountrySummary> = {},
): CountrySummary => ({
  iso2,
  iso3: `${iso2}X`,
  names: { en, de, fr: en, it: en },
  region: 'Asia',
  fatfMember: false,
  fsrbs: [],
  status,
  blackListAction: null,
  statusSince: null,
  lastCheckedAt: '2026-06-19T00:00:00.000Z',
  lastUpdatedAt: '2026-06-19T00:00:00.000Z',
  ...extra,
});

const change = (
  iso2: string,
  en: string,
  from: CountryChange['fromStatus'],
  to: CountryChange['toStatus'],
  date: string,
): CountryChange => ({
  id: `${iso2}-${date}`,
  iso2,
  names: { en, de: en, fr: en, it: en },
  fromStatus: from,
  toStatus: to,
  blackListAction: null,
  effectiveDate: date,
  baseline: false,
  plenaryName: { en: 'FATF plenary, June 2026', de: 'FATF-Plenarsitzung, Juni 2026', fr: 'Plénière', it: 'Plenaria' },
  source: 'content',
  note: '',
  recordedAt: `${date}T00:00:00.000Z`,
});

const facts: FatfFacts = {
  asOf: '2026-06-19',
  statusTexts,
  countries: [
    country('KE', 'Kenya', 'Kenia', 'grey', { statusSince: '2024-02-23' }),
    country('MC', 'Monaco', 'Monaco', 'grey'),
    country('IR', 'Iran', 'Iran', 'black', { blackListAction: 'countermeasures' }),
    country('CH', 'Switzerland', 'Schweiz', 'not_listed', { fatfMember: true }),
    country('HR', 'Croatia', 'Kroatien', 'not_listed'),
  ],
  changes: [
    change('HR', 'Croatia', 'grey', 'not_listed', '2026-06-19'),
    change('KE', 'Kenya', 'not_listed', 'grey', '2024-02-23'),
  ],
};
const scope = loadScopeCheck();
const ask = (question: string, language: 'en' | 'de' = 'en') => fatfFactSources({ question, language, facts, scope });

describe('FATF facts', () => {
  it('answers "which countries" with the complete list, its count and its date', () => {
    const [source] = ask('Which countries are on the FATF grey list?');
    expect(source?.kind).toBe('fatf');
    expect(source?.href).toBe('/fatf/countries');
    expect(source?.text).toContain('As of 19 June 2026, 2 jurisdictions are on the FATF grey list');
    expect(source?.text).toContain('Kenya; Monaco');
    expect(source?.text).not.toContain('Iran');
  });

  it('names the measure asked for each black-listed country, in the user’s language', () => {
    const [source] = ask('Welche Länder stehen auf der schwarzen Liste der FATF?', 'de');
    expect(source?.text).toMatch(/Stand 19\. Juni 2026 stehen 1 Jurisdiktionen auf der Schwarze Liste/);
    expect(source?.text).toMatch(/Iran \(verlangte Massnahme: /);
  });

  it('gives a country its status, membership and history, cited to its page', () => {
    const [source] = ask('Is Kenya on the grey list?');
    expect(source?.href).toBe('/fatf/countries/KE');
    expect(source?.text).toContain('Kenya is on the FATF grey list');
    expect(source?.text).toContain('since 23 February 2024');
    expect(source?.text).toContain('Kenya is not a member of the FATF.');
    expect(source?.text).toContain('from not listed to grey list');
  });

  it('answers what changed at a plenary', () => {
    const [source] = ask('Which jurisdictions were removed from the FATF lists in June 2026?');
    expect(source?.text).toContain('FATF plenary, June 2026 (19 June 2026): Croatia from grey list to not listed');
  });

  it('explains what a list means rather than listing it when asked what it means', () => {
    const [source] = ask('What does it mean when a country is on the FATF grey list?');
    expect(source?.text).not.toContain('Kenya');
    expect(source?.text).toContain(statusTexts.statuses.find((entry) => entry.status === 'grey')?.description.en);
  });

  it('stays silent on questions that are not about the FATF lists', () => {
    expect(asksAboutFatf('When is Form ADV due?')).toBe(false);
    expect(ask('When is Form ADV due?')).toEqual([]);
    // About the FATF, not its lists: the documents answer.
    expect(ask('Which FATF Recommendation deals with correspondent banking?')).toEqual([]);
  });

  it('answers "black-listed" as the black list, named as the FATF names it', () => {
    const [source] = ask('What measures does the FATF call for against black-listed jurisdictions?');
    const black = statusTexts.statuses.find((entry) => entry.status === 'black');
    expect(source?.text).toContain(`${black?.label.en} (${black?.officialListName?.en})`);
    expect(source?.text).not.toContain(statusTexts.statuses.find((entry) => entry.status === 'grey')?.description.en);
  });
});
