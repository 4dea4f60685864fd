import type { EssayContent, EssayEvaluation, LocalizedList } from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';
import { findTerm, fold, tokenize } from './text-match.ts';

/**
 * The offline essay evaluation: deterministic and explainable. Each rubric concept is found when one
 * of its terms (in the essay's language, or in English — the terms of the trade often are) appears in
 * the essay; the sentence that shows it is quoted. Misconceptions found are quoted with their
 * correction and cost the criterion one concept each. Too short an essay is scored in proportion.
 */

/** The essay's sentences with their offsets (a line break ends one too: lists are written that way). */
function sentences(text: string): { start: number; end: number; text: string }[] {
  const result: { start: number; end: number; text: string }[] = [];
  const pattern = /[^.!?\n]+[.!?]*/g;
  for (const match of text.matchAll(pattern)) {
    const sentence = match[0].trim();
    if (sentence) result.push({ start: match.index, end: match.index + match[0].length, text: sentence });
  }
  return result;
}

export function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}]+(?:[’'-][\p{L}\p{N}]+)*/gu) ?? []).length;
}

function termsFor(list: LocalizedList, language: Locale): string[] {
  return language === 'en' ? list.en : [...list[language], ...list.en];
}

export interface GradeOptions {
  /** Resolves a concept's knowledge-base source for the feedback (null when it has none). */
  citation: (
    source: EssayContent['criteria'][number]['concepts'][number]['source'],
  ) => EssayEvaluation['criteria'][number]['concepts'][number]['source'];
}

export function gradeEssay(
  essay: EssayContent,
  text: string,
  language: Locale,
  options: GradeOptions,
): EssayEvaluation {
  // Offsets are taken on the folded text; folding removes combining marks, so sentences are cut from
  // the folded text as well and quoted from the original by index.
  const foldedText = fold(text.normalize('NFC'));
  const tokens = tokenize(text.normalize('NFC'));
  const originalSentences = sentences(text.normalize('NFC'));
  const foldedSentences = sentences(foldedText);
  const evidenceAt = (offset: number): string | null => {
    const index = foldedSentences.findIndex((sentence) => offset >= sentence.start && offset < sentence.end);
    if (index < 0) return null;
    return (originalSentences[index] ?? foldedSentences[index]!).text.slice(0, 400);
  };
  const firstMatch = (terms: string[]): number => {
    let best = -1;
    for (const term of terms) {
      const at = findTerm(tokens, term);
      if (at >= 0 && (best < 0 || at < best)) best = at;
    }
    return best;
  };

  const criteria = essay.criteria.map((criterion) => {
    const concepts = criterion.concepts.map((concept) => {
      const at = firstMatch(termsFor(concept.terms, language));
      return {
        id: concept.id,
        label: concept.label[language],
        found: at >= 0,
        evidence: at >= 0 ? evidenceAt(at) : null,
        source: options.citation(concept.source),
      };
    });
    const misconceptions = criterion.concepts.flatMap((concept) =>
      concept.misconceptions.flatMap((misconception) => {
        const at = firstMatch(termsFor(misconception.terms, language));
        return at >= 0 ? [{ evidence: evidenceAt(at) ?? '', correction: misconception.correction[language] }] : [];
      }),
    );
    const found = concepts.filter((concept) => concept.found).length;
    const score = Math.max(0, (found - misconceptions.length) / concepts.length) * 100;
    return {
      id: criterion.id,
      title: criterion.title[language],
      score: round(score),
      weight: criterion.weight,
      concepts,
      misconceptions,
    };
  });

  const wordCount = countWords(text);
  const lengthIssue = wordCount < essay.minWords ? 'tooShort' : wordCount > essay.maxWords ? 'tooLong' : null;
  const totalWeight = criteria.reduce((sum, criterion) => sum + criterion.weight, 0);
  let score = criteria.reduce((sum, criterion) => sum + criterion.score * criterion.weight, 0) / totalWeight;
  if (lengthIssue === 'tooShort') score *= wordCount / essay.minWords;
  return { score: round(score), wordCount, lengthIssue, criteria, llm: null };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
