import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { locales, type Locale } from '@compliance/shared/locales';

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
  expand(text: string): string[];
  /** The concepts the text mentions: the forms it used and all the concept's forms. */
  concepts(text: string): { used: string[]; forms: string[] }[];
}

export function createGlossary(entries: GlossaryEntry[]): Glossary {
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const compiled = entries.map((entry) => {
    const forms = locales.flatMap((locale) => entry[locale] ?? []);
    // A form matches at the start of a word ("geldwäsch…" in "Geldwäschereigesetz").
    const patterns = forms.map((form) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(foldText(form))}`, 'u'));
    return { forms, patterns };
  });
  const concepts = (text: string) => {
    const folded = foldText(text);
    return compiled.flatMap(({ forms, patterns }) => {
      const used = forms.filter((_, index) => patterns[index]?.test(folded));
      return used.length > 0 ? [{ used, forms }] : [];
    });
  };
  return {
    concepts,
    expand(text) {
      const added = concepts(text).flatMap(({ used, forms }) => forms.filter((form) => !used.includes(form)));
      return [...new Set(added)];
    },
  };
}
