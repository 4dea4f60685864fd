import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { locales, type Locale } from '@compliance/shared/locales';
import { LRUCache } from 'lru-cache';

/**
 * The regulatory glossary (content/glossary): a question that names a concept in one language also
 * searches the concept's names in the other three, so a German question finds an English passage.
 */

export type GlossaryEntry = Record<Locale, string[]>;

export const defaultGlossaryFile = fileURLToPath(
  new URL('../../../../../content/glossary/regulatory-glossary.json', import.meta.url),
);

/** Lower case without diacritics and with straight apostrophes. */
export const foldText = (value: string) =>
  value.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replaceAll('’', "'");

export function loadGlossary(file = defaultGlossaryFile): GlossaryEntry[] {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: GlossaryEntry[] };
  return raw.entries;
}

export interface Glossary {
  /** The names, in every language, of the concepts the text mentions — minus the ones it already uses. */
  expand(text: string): { form: string; locale: Locale }[];
  /** The concepts the text mentions: the forms it used and all the concept's forms. */
  concepts(text: string): { used: string[]; forms: string[] }[];
}

/** Characters of a form's start that a word of the text must begin with before its pattern is tried. */
const PREFIX = 3;
/** Where a word starts: a letter or digit with none before it (what each form's pattern asks). */
const wordStart = /(?<![\p{L}\p{N}])[\p{L}\p{N}]/gu;

export function createGlossary(entries: GlossaryEntry[]): Glossary {
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const compiled = entries.map((entry) => {
    const localeOf = new Map<string, Locale>();
    for (const locale of locales)
      for (const form of entry[locale] ?? []) if (!localeOf.has(form)) localeOf.set(form, locale);
    const forms = [...localeOf.keys()];
    const folded = forms.map(foldText);
    // A form matches at the start of a word ("geldwäsch…" in "Geldwäschereigesetz").
    const patterns = folded.map((form) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(form)}`, 'u'));
    return { forms, folded, patterns, localeOf };
  });
  // The forms by their first characters: a question's words select the few patterns worth trying,
  // instead of all 800 being run over every question. A short form, or one that does not start with a
  // letter or digit, is always tried.
  const byPrefix = new Map<string, { entry: number; form: number }[]>();
  const alwaysTried: { entry: number; form: number }[] = [];
  compiled.forEach(({ folded }, entry) =>
    folded.forEach((form, index) => {
      const candidate = { entry, form: index };
      if (form.length < PREFIX || !/^[\p{L}\p{N}]/u.test(form)) {
        alwaysTried.push(candidate);
        return;
      }
      const key = form.slice(0, PREFIX);
      const listed = byPrefix.get(key);
      if (listed) listed.push(candidate);
      else byPrefix.set(key, [candidate]);
    }),
  );
  const findConcepts = (text: string) => {
    const folded = foldText(text);
    // The forms found, by entry. A form selected by a word's first characters is found when the text
    // goes on with it from that word's start (what its pattern asks); the others run their pattern.
    const found = new Map<number, Set<number>>();
    const add = ({ entry, form }: { entry: number; form: number }) => {
      const forms = found.get(entry) ?? new Set<number>();
      forms.add(form);
      found.set(entry, forms);
    };
    for (const candidate of alwaysTried)
      if (compiled[candidate.entry]!.patterns[candidate.form]!.test(folded)) add(candidate);
    for (const start of folded.matchAll(wordStart)) {
      for (const candidate of byPrefix.get(folded.slice(start.index, start.index + PREFIX)) ?? []) {
        if (folded.startsWith(compiled[candidate.entry]!.folded[candidate.form]!, start.index)) add(candidate);
      }
    }
    // In the glossary's order, each entry's forms in its own order.
    return [...found.keys()]
      .sort((a, b) => a - b)
      .map((entry) => {
        const { forms, localeOf } = compiled[entry]!;
        const formsFound = found.get(entry)!;
        return { used: forms.filter((_, index) => formsFound.has(index)), forms, localeOf };
      });
  };
  // One answer asks about the same question several times (search, reading, scope): the last few
  // questions' concepts are kept.
  const recent = new LRUCache<string, ReturnType<typeof findConcepts>>({ max: 64 });
  const concepts = (text: string) => {
    let found = recent.get(text);
    if (!found) recent.set(text, (found = findConcepts(text)));
    return found;
  };
  return {
    concepts,
    expand(text) {
      const added = new Map<string, Locale>();
      for (const { used, forms, localeOf } of concepts(text)) {
        for (const form of forms)
          if (!used.includes(form) && !added.has(form)) added.set(form, localeOf.get(form) ?? 'en');
      }
      return [...added].map(([form, locale]) => ({ form, locale }));
    },
  };
}
