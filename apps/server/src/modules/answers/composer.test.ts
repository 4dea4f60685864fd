import { describe, expect, it } from 'vitest';
import { createGlossary, loadGlossary } from '../search/glossary.ts';
import type { AnswerSource } from './answer-provider.ts';
import { compose, matchesAny, probe, readSources, stemSet } from './composer.ts';
import { termsMatch } from './text-tools.ts';

const glossary = createGlossary(loadGlossary());
const source = (title: string, text: string, language = 'en'): AnswerSource => ({
  number: 0,
  kind: 'document',
  documentId: null,
  title,
  page: null,
  heading: null,
  text,
  snippet: '',
  href: '',
  asOf: null,
  language,
});

const formAdv = source(
  'Form ADV annual amendment',
  'Advisers file Form ADV through IARD. The annual updating amendment is due within 90 days after the end of the fiscal year. Fees depend on assets.',
);
const duties = source(
  'AMLA duties',
  'The AMLA sets these due diligence duties for financial intermediaries:\n\n- verify the identity of the contracting party;\n- establish the beneficial owner;\n- clarify unusual transactions;\n- keep records.\n\nThe AMLA entered into force in 1998.',
);

describe('composition', () => {
  it('never uses the fragment a passage opens with when it starts mid-sentence', () => {
    const cut = source(
      'Transparency register',
      'tax and supervisory authorities, and financial intermediaries for their due diligence duties. ' +
        'The register is kept by the Federal Department of Justice.',
    );
    const reading = readSources(
      'Who may consult the transparency register for due diligence duties?',
      [cut],
      glossary,
      'en',
    );
    const texts = reading.units.map((item) => item.unit.text);
    expect(texts).toEqual(['The register is kept by the Federal Department of Justice.']);
  });

  it('lets the search ranking and the question’s language choose between passages that answer alike', () => {
    const english = source('AMLA duties', 'The AMLA sets due diligence duties for financial intermediaries.', 'en');
    const german = source('GwG', 'Das GwG regelt die Sorgfaltspflichten der Finanzintermediäre.', 'de');
    const reading = readSources('Welche Sorgfaltspflichten regelt das GwG?', [german, english], glossary, 'de');
    expect(reading.sourceWeight[0]).toBeGreaterThan(reading.sourceWeight[1] ?? Infinity);
    expect(compose(reading)?.lead.sourceIndex).toBe(0);
  });

  it('leads with the statement that holds the kind of fact asked for', () => {
    const reading = readSources('When is the Form ADV annual updating amendment due?', [formAdv], glossary, 'en');
    expect(compose(reading)?.lead.unit.text).toBe(
      'The annual updating amendment is due within 90 days after the end of the fiscal year.',
    );
  });

  it('gives a list question the whole list', () => {
    const reading = readSources('What are the due diligence duties under the AMLA?', [duties], glossary, 'en');
    const composition = compose(reading);
    const texts = [composition?.lead, ...(composition?.leadList ?? []), ...(composition?.support ?? [])].map(
      (item) => item?.unit.text,
    );
    expect(texts).toEqual(
      expect.arrayContaining([
        'verify the identity of the contracting party;',
        'establish the beneficial owner;',
        'clarify unusual transactions;',
        'keep records.',
      ]),
    );
  });

  it('brings the list a leading sentence introduces, and leads a "how quickly" question with the deadline', () => {
    const cyber = source(
      'Cyber attack reporting',
      'FINMA explained how the duty to report applies to cyber attacks and set concrete deadlines:\n\n' +
        '- an initial notification within 24 hours;\n- a full report within 72 hours.\n\n' +
        'Institutions should classify cyber attacks by severity before they report them to FINMA.',
    );
    const reading = readSources('How quickly must a cyber attack be reported to FINMA?', [cyber], glossary, 'en');
    const composition = compose(reading);
    const lead = [composition?.lead, ...(composition?.leadList ?? [])].map((item) => item?.unit.text);
    expect(lead).toEqual(
      expect.arrayContaining(['an initial notification within 24 hours;', 'a full report within 72 hours.']),
    );
  });

  it('lets an identifier the passage holds count for more of the question, in any language', () => {
    const books = source(
      'Rule 204-2: books and records',
      'Records must be kept for five years, the first two years in an appropriate office of the adviser.',
    );
    const italian = 'Dove vanno conservati i libri e registri nei primi due anni secondo la Rule 204-2?';
    expect(readSources(italian, [books], glossary, 'it').coverage).toBeGreaterThanOrEqual(0.42);
  });

  it('measures how much of the question one passage holds, across languages through the glossary', () => {
    expect(
      readSources('Welche Sorgfaltspflichten hat ein Finanzintermediär?', [duties], glossary, 'de').coverage,
    ).toBeGreaterThan(0.5);
    expect(
      readSources('What is a good recipe for chocolate cake?', [formAdv, duties], glossary, 'en').coverage,
    ).toBeLessThan(0.42);
  });
});

describe('matchesAny', () => {
  it('finds a term among a statement’s stems exactly as comparing it with each of them does', () => {
    const vocabulary = [
      'a',
      'ab',
      'abc',
      'abcd',
      'abcde',
      'abcdef',
      'abce',
      'abd',
      'bcde',
      'gris',
      'grise',
      'grisel',
      'zz',
    ];
    for (let size = 0; size <= 3; size += 1) {
      for (let first = 0; first + size <= vocabulary.length; first += 1) {
        const stems = vocabulary.slice(first, first + size);
        const set = stemSet(stems);
        for (const term of vocabulary) {
          expect(matchesAny(set, probe(term)), `${term} in ${stems.join(',')}`).toBe(
            stems.some((word) => termsMatch(term, word)),
          );
        }
      }
    }
  });
});
