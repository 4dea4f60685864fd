import type { EssayContent } from '@compliance/shared/courses';
import { describe, expect, it } from 'vitest';
import { countWords, gradeEssay } from './essay-grader.ts';

const all = (en: string[], de: string[] = en, fr: string[] = en, it: string[] = en) => ({ en, de, fr, it });
const text = (en: string) => ({ en, de: en, fr: en, it: en });

const essay: EssayContent = {
  id: 'kyc-essay',
  prompt: text('Explain the identification duties of a Swiss financial intermediary.'),
  minWords: 30,
  maxWords: 300,
  criteria: [
    {
      id: 'identification',
      title: text('Identification'),
      weight: 2,
      concepts: [
        {
          id: 'contracting-party',
          label: text('Verify the contracting party'),
          terms: all(['contracting party', 'client identity'], ['vertragspartei'], ['cocontractant'], ['controparte']),
          misconceptions: [],
        },
        {
          id: 'beneficial-owner',
          label: text('Establish the beneficial owner'),
          terms: all(
            ['beneficial owner'],
            ['wirtschaftlich berechtigte person'],
            ['ayant droit économique'],
            ['avente economicamente diritto'],
          ),
          misconceptions: [
            {
              terms: all(['self-declaration is enough', 'form a is enough']),
              correction: text('A declaration is the start: it must be checked for plausibility.'),
            },
          ],
        },
      ],
    },
    {
      id: 'reporting',
      title: text('Reporting'),
      weight: 1,
      concepts: [
        {
          id: 'mros',
          label: text('Report to MROS'),
          terms: all(['mros', 'money laundering reporting office'], ['mros', 'meldestelle']),
          misconceptions: [],
        },
      ],
    },
  ],
};

const citation = () => null;

describe('offline essay evaluation', () => {
  it('finds every concept of a complete essay, quotes the sentence that shows it, and scores 100', () => {
    const answer =
      'When a relationship starts, the intermediary verifies the identity of the contracting party with a document of evidentiary value. ' +
      'It must also establish and verify the beneficial owners of the assets, and the written declaration is only a starting point. ' +
      'Where there is a founded suspicion, it reports to MROS without delay and keeps the client uninformed.';
    const result = gradeEssay(essay, answer, 'en', { citation });
    expect(result.score).toBe(100);
    expect(result.lengthIssue).toBeNull();
    const owner = result.criteria[0]!.concepts[1]!;
    expect(owner.found).toBe(true);
    expect(owner.evidence).toContain('beneficial owners');
    expect(result.criteria[1]!.concepts[0]!.evidence).toContain('reports to MROS');
  });

  it('names what is missing, and weighs criteria', () => {
    const answer =
      'The intermediary verifies the identity of the contracting party with an official document before the relationship begins, ' +
      'records how it did so and keeps the documents for ten years after the relationship ends, so that auditors can follow.';
    const result = gradeEssay(essay, answer, 'en', { citation });
    expect(result.criteria[0]!.score).toBe(50);
    expect(result.criteria[1]!.score).toBe(0);
    expect(result.criteria[0]!.concepts.find((concept) => !concept.found)?.id).toBe('beneficial-owner');
    // (50 × 2 + 0 × 1) / 3
    expect(result.score).toBeCloseTo(33.3, 1);
  });

  it('flags a misconception with its correction and takes a concept off', () => {
    const answer =
      'The intermediary identifies the contracting party and asks for the beneficial owner on Form A. The self-declaration is enough, ' +
      'no further checks are needed. Suspicions are reported to MROS, the Money Laundering Reporting Office, without delay.';
    const result = gradeEssay(essay, answer, 'en', { citation });
    expect(result.criteria[0]!.misconceptions).toHaveLength(1);
    expect(result.criteria[0]!.misconceptions[0]!.evidence).toContain('self-declaration is enough');
    expect(result.criteria[0]!.score).toBe(50);
  });

  it('does not take "is not enough" for the misconception "is enough"', () => {
    const answer =
      'The contracting party is identified and the beneficial owner established; a self-declaration is not enough on its own. ' +
      'Suspicions go to MROS. The intermediary documents every step and updates the file periodically for all clients.';
    expect(gradeEssay(essay, answer, 'en', { citation }).criteria[0]!.misconceptions).toHaveLength(0);
  });

  it('reads German with inflections and accents folded, and English terms of the trade', () => {
    const answer =
      'Der Finanzintermediär identifiziert die Vertragsparteien anhand eines beweiskräftigen Dokuments und stellt die ' +
      'wirtschaftlich berechtigten Personen fest. Bei begründetem Verdacht meldet er den Fall der MROS, ohne den Kunden zu informieren.';
    const result = gradeEssay(essay, answer, 'de', { citation });
    expect(result.criteria.every((criterion) => criterion.score === 100)).toBe(true);
  });

  it('scores a too-short essay in proportion and says so', () => {
    const result = gradeEssay(essay, 'The contracting party, the beneficial owner, and MROS.', 'en', { citation });
    expect(result.lengthIssue).toBe('tooShort');
    expect(result.wordCount).toBe(countWords('The contracting party, the beneficial owner, and MROS.'));
    expect(result.score).toBeLessThan(40);
  });
});
