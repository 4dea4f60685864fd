import { describe, expect, it } from 'vitest';
import { answerKind, holdsAnswer, namedJurisdictions } from './question.ts';

describe('answer kind', () => {
  it.each([
    ['By when must the brochure be delivered?', 'when'],
    ['Bis wann muss das Update eingereicht werden?', 'when'],
    ['Dans quel délai faut-il communiquer ?', 'when'],
    ['Entro quando va inviata la comunicazione?', 'when'],
    ['What are the qualified client thresholds?', 'amount'],
    ['Wie hoch ist der Schwellenwert?', 'amount'],
    ['Which countries are on the grey list?', 'list'],
    ['Quali sono gli obblighi di diligenza?', 'list'],
    ['Does the custody rule require a surprise examination?', 'yesno'],
    ['Explain the marketing rule.', 'general'],
  ])('%s → %s', (question, kind) => {
    expect(answerKind(question)).toBe(kind);
  });

  it('recognises the facts a kind asks for', () => {
    expect(holdsAnswer('when', 'It must be filed within 90 days of the fiscal year end.')).toBe(true);
    expect(holdsAnswer('when', 'Die Meldung erfolgt innert 24 Stunden.')).toBe(true);
    expect(holdsAnswer('when', 'The adviser must keep a copy.')).toBe(false);
    // Durations written in words, singular after "one"/"un"/"ein".
    expect(holdsAnswer('when', 'Aufbewahrung der Belege mindestens zehn Jahre nach Ende der Beziehung.')).toBe(true);
    expect(holdsAnswer('when', 'Records retained for at least ten years after the end of the relationship.')).toBe(
      true,
    );
    expect(holdsAnswer('when', 'Conservation des documents au moins dix ans après la fin de la relation.')).toBe(true);
    expect(holdsAnswer('when', 'Il divieto dura due anni dal contributo.')).toBe(true);
    expect(holdsAnswer('when', "Le délai est d'un an.")).toBe(true);
    expect(holdsAnswer('when', 'Die Frist beträgt ein Jahr.')).toBe(true);
    // A number word without a unit, or a unit without a number, is no duration.
    expect(holdsAnswer('when', 'Die zehn wichtigsten Pflichten nach dem GwG.')).toBe(false);
    expect(holdsAnswer('when', 'Gemäss Art. 7 an die Meldestelle.')).toBe(false);
    expect(holdsAnswer('amount', 'at least $1.4 million under management')).toBe(true);
    expect(holdsAnswer('amount', 'a written code of ethics')).toBe(false);
    expect(holdsAnswer('amount', 'fines of up to 250’000 francs'.replace('’', "'"))).toBe(true);
    expect(holdsAnswer('amount', 'As of June 2026 there are 11 FINMA-recognised SROs.')).toBe(true);
    expect(holdsAnswer('amount', 'SROs are recognised by FINMA (Art. 24 AMLA) since 1 October 2009.')).toBe(false);
    // A dotted identifier is not a figure.
    expect(holdsAnswer('amount', 'Rule 206(4)-5 (17 CFR 275.206(4)-5) targets pay to play')).toBe(false);
    expect(holdsAnswer('amount', 'AMLO-FINMA (SR 955.033.0) details the duties')).toBe(false);
  });
});

describe('named jurisdictions', () => {
  it.each([
    ['Quali soglie valgono per un consulente registrato presso la SEC?', ['US']],
    ['Que prévoit le Form ADV ?', ['US']],
    ['Gilt die Regel auch in den Vereinigten Staaten?', ['US']],
    ['Combien de temps conserver les registres selon la Rule 204-2 ?', ['US']],
    ['Cosa richiede la Section 206(3) per le operazioni in conto proprio?', ['US']],
    ['Quelle est la durée de l’interdiction selon la règle pay-to-play ?', ['US']],
    ['Welche Pflichten hat ein Finanzintermediär nach dem GwG?', ['CH']],
    ['Quels délais la FINMA fixe-t-elle ?', ['CH']],
    ['How do Swiss and U.S. rules on custody compare?', ['CH', 'US']],
    // "us" as a pronoun and the FATF name no national rulebook.
    ['Can you tell us what FATF Recommendation 10 requires?', []],
  ])('%s → %j', (question, expected) => {
    expect([...namedJurisdictions(question)].sort()).toEqual(expected);
  });
});
