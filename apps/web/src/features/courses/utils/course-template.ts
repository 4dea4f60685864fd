import type { CourseContent, LessonContent, LocalizedText, QuestionContent } from '@compliance/shared/courses';

const same = (text: string) => ({ en: text, de: text, fr: text, it: text });

/** A new lesson: a title and a first heading to write under, in every language. */
export function newLesson(slug: string): LessonContent {
  return {
    slug,
    title: same('New lesson'),
    minutes: 10,
    body: same('## Introduction\n\nWrite the lesson here.'),
    sources: [],
    flashcards: [],
    questions: [],
  };
}

/** A new course as a draft: one lesson to start from, texts to replace in each language. */
export function newCourse(slug: string): CourseContent {
  return {
    slug,
    title: same('New course'),
    summary: same('What learners will know after this course.'),
    level: 'foundation',
    position: 100,
    minutes: 30,
    passMark: 70,
    lessons: [newLesson('introduction')],
    essays: [],
  };
}

/** A lesson slug not yet used in the course: lesson-2, lesson-3, … */
export function freeLessonSlug(course: CourseContent): string {
  const taken = new Set(course.lessons.map((lesson) => lesson.slug));
  let n = course.lessons.length + 1;
  while (taken.has(`lesson-${n}`)) n += 1;
  return `lesson-${n}`;
}

export type QuestionKind = QuestionContent['kind'];
export const questionKinds: readonly QuestionKind[] = ['single', 'multiple', 'true_false', 'short'];

const emptyList = () => ({ en: [] as string[], de: [] as string[], fr: [] as string[], it: [] as string[] });
const twoOptions = (): { id: string; text: LocalizedText }[] => [
  { id: 'a', text: same('') },
  { id: 'b', text: same('') },
];

/** The first of `prefix-1`, `prefix-2`, … (from `start`) not in `taken`. */
function freeId(prefix: string, taken: ReadonlySet<string>, start = 1): string {
  let n = start;
  while (taken.has(`${prefix}-${n}`)) n += 1;
  return `${prefix}-${n}`;
}

/** An id for a lesson's new question, unique across the course: <lesson>-q-<n>. */
export function freeQuestionId(lesson: LessonContent, taken: ReadonlySet<string>): string {
  return freeId(`${lesson.slug}-q`, taken, lesson.questions.length + 1);
}

/** The next option letter not yet used: a, b, c, … */
export function freeOptionId(options: readonly { id: string }[]): string {
  const taken = new Set(options.map((option) => option.id));
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') if (!taken.has(letter)) return letter;
  return freeId('option', taken);
}

/** A new question: single choice with two options, texts to write in every language. */
export function newQuestion(id: string): QuestionContent {
  return {
    id,
    kind: 'single',
    prompt: same(''),
    options: twoOptions(),
    correct: ['a'],
    explanation: same(''),
  };
}

/** The question as another kind: the prompt, explanation and source stay, and the options where both kinds have them. */
export function changeQuestionKind(question: QuestionContent, kind: QuestionKind): QuestionContent {
  if (kind === question.kind) return question;
  const base = { id: question.id, prompt: question.prompt, explanation: question.explanation, source: question.source };
  const options =
    question.kind === 'single' || question.kind === 'multiple'
      ? { options: question.options, correct: question.correct }
      : { options: twoOptions(), correct: ['a'] };
  switch (kind) {
    case 'single':
      return { ...base, kind, options: options.options, correct: options.correct.slice(0, 1) };
    case 'multiple':
      return { ...base, kind, ...options };
    case 'true_false':
      return { ...base, kind, correct: ['true'] };
    case 'short':
      return { ...base, kind, accepted: emptyList() };
  }
}

type Essay = CourseContent['essays'][number];
type Criterion = Essay['criteria'][number];
type Concept = Criterion['concepts'][number];

/** A concept of a rubric criterion, its id unused in the essay. */
export function newConcept(essay: Pick<Essay, 'criteria'>): Concept {
  const taken = new Set(essay.criteria.flatMap((criterion) => criterion.concepts.map((concept) => concept.id)));
  return { id: freeId('concept', taken), label: same(''), terms: emptyList(), misconceptions: [] };
}

/** A rubric criterion with one concept to fill in. */
export function newCriterion(essay: Pick<Essay, 'criteria'>): Criterion {
  const taken = new Set(essay.criteria.map((criterion) => criterion.id));
  return { id: freeId('criterion', taken), title: same(''), weight: 1, concepts: [newConcept(essay)] };
}

/** A misconception: the wrong statement's words and its correction. */
export function newMisconception(): Concept['misconceptions'][number] {
  return { terms: emptyList(), correction: same('') };
}

/** A new essay with one criterion, its id unique across the course. */
export function newEssay(course: CourseContent, taken: ReadonlySet<string>): Essay {
  const empty = { criteria: [] };
  return {
    id: freeId(`${course.slug}-essay`, taken, course.essays.length + 1),
    prompt: same(''),
    minWords: 120,
    maxWords: 600,
    criteria: [newCriterion(empty)],
  };
}
