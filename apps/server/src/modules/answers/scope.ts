import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { locales, type Locale } from '@compliance/shared/locales';
import { foldText } from '../search/glossary.ts';

/**
 * The knowledge base's scope (content/glossary/scope.json and the FATF jurisdictions): a question
 * about another jurisdiction's rules is out of scope, and gets the "nothing found" answer rather
 * than cited text about Swiss or US rules. Questions about a country's FATF status stay in scope.
 */

const contentDir = new URL('../../../../../content/', import.meta.url);

interface ScopeFile {
  coveredCountries: string[];
  covered: string[];
  otherJurisdictions: string[];
  adviceOrForecast: string[];
  /** Names people use for a country besides the official ones (e.g. "North Korea"). */
  countryAliases: Record<string, string[]>;
}

interface Jurisdiction {
  iso2: string;
  names: Record<Locale, string>;
}

export interface CountryMention {
  iso2: string;
  name: string;
}

export interface ScopeCheck {
  /** Countries the question names (any language), most specific first. */
  countries(question: string): CountryMention[];
  /** Whether the question is about another jurisdiction's rules and nothing the knowledge base covers. */
  isElsewhere(question: string, { fatf }: { fatf: boolean }): boolean;
  /** Whether the question asks for a forecast or personal investment advice. */
  asksForAdvice(question: string): boolean;
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A name as a whole-word pattern. Short abbreviations ("EU", "FCA", "GwG") only match when written
 * with a capital, so the French "eu" or the word "mas" are not read as them.
 */
function namePattern(name: string): { pattern: RegExp; onOriginal: boolean } {
  const short = name.length <= 4 && !name.includes(' ');
  const body = escape(short ? name : foldText(name));
  return {
    pattern: new RegExp(`(^|[^\\p{L}\\p{N}])${body}(?=$|[^\\p{L}\\p{N}])`, short ? 'iu' : 'u'),
    onOriginal: short,
  };
}

const wordPattern = /[\p{L}\p{N}]+/gu;

/**
 * Which of many names a text may contain, found by their first words: a whole-word name can only
 * match where the text has its first word, so a question is tested against a few patterns instead
 * of every one (about a thousand country names in four languages). A name given as `null` (one
 * matched on the text as written) is always a candidate.
 */
function byFirstWord(folded: (string | null)[]): (text: string) => number[] {
  const places = new Map<string, number[]>();
  const always: number[] = [];
  folded.forEach((name, index) => {
    const first = name?.match(wordPattern)?.[0];
    // A name that does not start with its first word (a bracket, a quote) is always tried.
    if (!name || !first || !name.startsWith(first)) always.push(index);
    else if (places.has(first)) places.get(first)!.push(index);
    else places.set(first, [index]);
  });
  return (text) => {
    const found = new Set(always);
    for (const word of text.match(wordPattern) ?? []) for (const index of places.get(word) ?? []) found.add(index);
    return [...found].sort((a, b) => a - b);
  };
}

function matcher(names: string[]) {
  const patterns = names.map((name) => ({ ...namePattern(name), literal: foldText(name) }));
  const candidates = byFirstWord(patterns.map(({ literal }) => literal));
  return (question: string) => {
    const folded = foldText(question);
    // Short names must carry a capital in the question itself.
    const capitalised = question.replace(/\b\p{Ll}+\b/gu, ' ');
    return candidates(folded).some((index) => {
      const { pattern, onOriginal, literal } = patterns[index]!;
      return folded.includes(literal) && pattern.test(onOriginal ? capitalised : folded);
    });
  };
}

export function loadScopeCheck(): ScopeCheck {
  const scope = JSON.parse(
    fs.readFileSync(fileURLToPath(new URL('glossary/scope.json', contentDir)), 'utf8'),
  ) as ScopeFile;
  const jurisdictions = JSON.parse(
    fs.readFileSync(fileURLToPath(new URL('fatf/jurisdictions.json', contentDir)), 'utf8'),
  ) as Jurisdiction[];
  return createScopeCheck(scope, jurisdictions);
}

export function createScopeCheck(scope: ScopeFile, jurisdictions: Jurisdiction[]): ScopeCheck {
  const covered = new Set(scope.coveredCountries);
  const countryNames = jurisdictions
    .flatMap((jurisdiction) =>
      [
        ...new Set([
          ...locales.map((locale) => jurisdiction.names[locale]),
          ...(scope.countryAliases[jurisdiction.iso2] ?? []),
        ]),
      ].map((name) => {
        const { pattern, onOriginal } = namePattern(name);
        // A name the folded question does not contain as plain text cannot match its pattern: the
        // substring test skips the rest of the Unicode patterns (they cost milliseconds per question).
        return { iso2: jurisdiction.iso2, name, pattern, literal: onOriginal ? null : foldText(name) };
      }),
    )
    // Longer names first: "Papua New Guinea" before "Guinea".
    .sort((a, b) => b.name.length - a.name.length);
  const countryCandidates = byFirstWord(countryNames.map(({ literal }) => literal));
  const mentionsCovered = matcher(scope.covered);
  const mentionsOther = matcher(scope.otherJurisdictions);
  const advice = scope.adviceOrForecast.map((pattern) => new RegExp(pattern, 'u'));

  function countries(question: string): CountryMention[] {
    let folded = foldText(question);
    const found: CountryMention[] = [];
    for (const index of countryCandidates(folded)) {
      const country = countryNames[index]!;
      if (country.literal !== null && !folded.includes(country.literal)) continue;
      if (!country.pattern.test(folded)) continue;
      if (!found.some((mention) => mention.iso2 === country.iso2))
        found.push({ iso2: country.iso2, name: country.name });
      folded = folded.replace(country.pattern, '$1 ');
    }
    return found;
  }

  return {
    countries,
    asksForAdvice: (question) => advice.some((pattern) => pattern.test(foldText(question))),
    isElsewhere(question, { fatf }) {
      if (fatf || mentionsCovered(question)) return false;
      const foreignCountry = countries(question).some((mention) => !covered.has(mention.iso2));
      return foreignCountry || mentionsOther(question);
    },
  };
}
