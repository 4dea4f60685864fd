import type { LocalizedText, QuestionContent } from '@compliance/shared/courses';
import { parse, type GIFTQuestion } from 'gift-pegjs';

/**
 * Moodle GIFT questions as course questions. GIFT texts carry one language: it is used for all four
 * until the course is translated. Multiple choice with weights becomes 'multiple' (positive weights
 * are right), with one '=' answer 'single'; T/F and short answers map one to one. Other GIFT types
 * (numerical, matching, essay, description) are reported as skipped.
 */
export function giftToQuestions(
  source: string,
  idPrefix: string,
  takenIds: ReadonlySet<string>,
): { questions: QuestionContent[]; skipped: string[] } {
  let parsed: GIFTQuestion[];
  try {
    parsed = parse(source);
  } catch (error) {
    const where = (error as { location?: { start?: { line?: number } } }).location?.start?.line;
    throw new Error(where ? `GIFT syntax error on line ${where}` : 'GIFT syntax error');
  }
  const all = (text: string): LocalizedText => ({ en: text, de: text, fr: text, it: text });
  const plain = (text: string) => text.replace(/<[^>]+>/g, '').trim();
  const questions: QuestionContent[] = [];
  const skipped: string[] = [];
  const ids = new Set(takenIds);
  const nextId = (title: string | null) => {
    const base = `${idPrefix}-${
      (title ?? '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'q'
    }`.slice(0, 70);
    let id = base;
    for (let n = 2; ids.has(id); n += 1) id = `${base}-${n}`;
    ids.add(id);
    return id;
  };

  for (const question of parsed) {
    if (question.type === 'Category' || question.type === 'Description') continue;
    const label = question.title ?? plain(question.stem.text).slice(0, 40);
    if (question.type !== 'MC' && question.type !== 'TF' && question.type !== 'Short') {
      skipped.push(`${label} (${question.type})`);
      continue;
    }
    const prompt = plain(question.stem.text);
    const explanation = plain(question.globalFeedback?.text ?? '') || prompt;
    const id = nextId(question.title);
    if (question.type === 'TF') {
      questions.push({
        id,
        kind: 'true_false',
        prompt: all(prompt),
        correct: [question.isTrue ? 'true' : 'false'],
        explanation: all(explanation),
      });
      continue;
    }
    if (question.type === 'Short') {
      const accepted = question.choices
        .filter((choice) => choice.isCorrect || (choice.weight ?? 0) > 0)
        .map((choice) => plain(choice.text.text));
      if (accepted.length === 0) {
        skipped.push(`${label} (no accepted answer)`);
        continue;
      }
      questions.push({
        id,
        kind: 'short',
        prompt: all(prompt),
        accepted: { en: accepted, de: accepted, fr: accepted, it: accepted },
        explanation: all(explanation),
      });
      continue;
    }
    const options = question.choices.map((choice, index) => ({
      id: String.fromCharCode(97 + index),
      text: all(plain(choice.text.text)),
    }));
    const correct = question.choices.flatMap((choice, index) =>
      choice.isCorrect || (choice.weight ?? 0) > 0 ? [options[index]!.id] : [],
    );
    if (options.length < 2 || options.length > 8 || correct.length === 0) {
      skipped.push(`${label} (needs 2–8 choices and a right one)`);
      continue;
    }
    questions.push(
      correct.length === 1
        ? { id, kind: 'single', prompt: all(prompt), options, correct: [correct[0]!], explanation: all(explanation) }
        : { id, kind: 'multiple', prompt: all(prompt), options, correct, explanation: all(explanation) },
    );
  }
  return { questions, skipped };
}
