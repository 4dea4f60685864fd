import { describe, expect, it } from 'vitest';
import { questionLanguage } from './text-tools.ts';

describe('questionLanguage', () => {
  it('reads the language of a question from its stop words', async () => {
    expect(await questionLanguage('Wie lange müssen die Dokumente aufbewahrt werden?', 'en')).toBe('de');
    expect(await questionLanguage('Quels sont les délais pour le GAFI ?', 'en')).toBe('fr');
  });

  it('asks the n-gram detector when the stop words leave it open, among the four languages only', async () => {
    // No stop word in any of the four languages: the hint ('en', 'de') must not decide.
    expect(await questionLanguage('Meldepflicht Geldwäscherei Verdachtsmeldung', 'en')).toBe('de');
    expect(await questionLanguage('Obblighi diligenza intermediari finanziari', 'en')).toBe('it');
    expect(await questionLanguage('Délai conservation documents blanchiment', 'de')).toBe('fr');
    expect(await questionLanguage('Qualified custodian requirements', 'de')).toBe('en');
  });

  it('falls back to the hint when nothing tells the languages apart', async () => {
    expect(await questionLanguage('2023/1', 'it')).toBe('it');
  });
});
