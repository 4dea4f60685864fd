import { describe, expect, it } from 'vitest';
import { createGlossary, loadGlossary } from './glossary.ts';
import { queryTerms, separableVerbForm } from './search.service.ts';

const glossary = createGlossary(loadGlossary());

describe('regulatory glossary', () => {
  it('adds the other languages’ names of a concept, each with its language', () => {
    const added = glossary.expand('Was ist eine Verdachtsmeldung wegen Geldwäscherei?');
    expect(added).toContainEqual({ form: 'money laundering', locale: 'en' });
    expect(added).toContainEqual({ form: 'blanchiment', locale: 'fr' });
    expect(added).toContainEqual({ form: 'riciclaggio', locale: 'it' });
    expect(added).toContainEqual({ form: 'suspicious activity report', locale: 'en' });
    expect(added.some(({ form }) => form === 'geldwäscherei')).toBe(false);
  });

  it('matches a name at the start of a word, so compounds are found', () => {
    expect(glossary.expand('Geldwäschereigesetz').map(({ form }) => form)).toContain('money laundering');
  });
});

describe('query terms', () => {
  it('keeps identifiers whole and drops question words', () => {
    expect(queryTerms('What does Rule 206(4)-1 say about FINMA Circular 2026/1 and SR 955.0?').terms).toEqual([
      'Rule',
      '206(4)-1',
      'say',
      'FINMA',
      'Circular',
      '2026/1',
      'SR',
      '955.0',
    ]);
  });

  it('keeps the user’s own operators as a filter and pairs adjacent words', () => {
    const { filter, phrases } = queryTerms('"grey list" -Iran qualified custodian');
    expect(filter).toBe('"grey list" -Iran qualified custodian');
    expect(phrases).toContain('qualified custodian');
    expect(phrases).toContain('grey list');
  });
});

describe('German separable verbs', () => {
  it('finds the form with "zu" inside from the infinitive, and the infinitive from it', () => {
    expect(separableVerbForm('aufbewahren')).toBe('aufzubewahren');
    expect(separableVerbForm('Aufzubewahren')).toBe('aufbewahren');
    expect(separableVerbForm('abklären')).toBe('abzuklären');
    expect(separableVerbForm('vorzulegen')).toBe('vorlegen');
    expect(separableVerbForm('zurückzahlen')).toBe('zurückzuzahlen');
  });

  it('leaves other words alone', () => {
    for (const word of ['Aufbewahrung', 'Meldepflicht', 'melden', 'report', 'aufzu', 'conserver']) {
      expect(separableVerbForm(word)).toBeUndefined();
    }
  });
});
