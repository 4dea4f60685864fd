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
