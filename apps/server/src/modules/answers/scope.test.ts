import { describe, expect, it } from 'vitest';
import { loadScopeCheck } from './scope.ts';

const scope = loadScopeCheck();

describe('scope check', () => {
  it.each([
    'What are the FCA rules on client money for UK investment firms?',
    'Welche Anforderungen stellt die BaFin an die Anlageberatung in Deutschland?',
    'Quelles règles la CONSOB impose-t-elle en Italie ?',
    'How is crypto tax calculated in Australia?',
  ])('sends a question about another jurisdiction elsewhere: %s', (question) => {
    expect(scope.isElsewhere(question, { fatf: false })).toBe(true);
  });

  it.each([
    'What must a Swiss financial intermediary do with a client from Germany?',
    'When is the Form ADV annual amendment due?',
    'Qu’a-t-il eu comme obligations selon la LBA ?',
  ])('keeps questions the knowledge base covers: %s', (question) => {
    expect(scope.isElsewhere(question, { fatf: false })).toBe(false);
  });

  it('keeps FATF questions about any country in scope', () => {
    expect(scope.isElsewhere('Is Kenya on the FATF grey list?', { fatf: true })).toBe(false);
  });

  it('finds the countries a question names, in any language, longest name first', () => {
    expect(scope.countries('Ist Papua-Neuguinea oder Kenia gelistet?').map((country) => country.iso2)).toEqual([
      'PG',
      'KE',
    ]);
    expect(scope.countries('Is Papua New Guinea listed?').map((country) => country.iso2)).toEqual(['PG']);
  });

  it('finds names of several words, with apostrophes and accents, wherever the question has them', () => {
    const iso2 = (question: string) => scope.countries(question).map((country) => country.iso2);
    expect(iso2('Côte d’Ivoire et la Corée du Nord sont-elles listées ?').sort()).toEqual(['CI', 'KP']);
    expect(iso2('Sind Kongo-Kinshasa und die DPRK gelistet?').sort()).toEqual(['CD', 'KP']);
    expect(iso2('COTE D’IVOIRE?')).toEqual(['CI']);
    // A name inside a longer word is no name: "Perugia" is not Peru.
    expect(iso2('Perugia')).toEqual([]);
  });

  it.each([
    ['Which technology stocks will outperform next year?', true],
    ['Soll ich jetzt Aktien kaufen?', true],
    ['What does the marketing rule say about performance advertising?', false],
  ])('recognises a request for a forecast or investment advice: %s', (question, expected) => {
    expect(scope.asksForAdvice(question)).toBe(expected);
  });
});
