import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  clozeSides,
  courseContentSchema,
  type CourseContent,
  type CourseSource,
  type LessonContent,
  type QuestionContent,
} from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';

export const defaultCoursesDir = fileURLToPath(new URL('../../../../../content/courses', import.meta.url));

/** The shipped courses (content/courses/*.json), each checked; a broken file stops the start with its name. */
export async function loadShippedCourses(directory: string): Promise<CourseContent[]> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const loaded: CourseContent[] = [];
  for (const name of names) {
    const raw: unknown = JSON.parse(await readFile(path.join(directory, name), 'utf8'));
    const parsed = courseContentSchema.safeParse(raw);
    if (!parsed.success) {
      throw new Error(
        `content/courses/${name}: ${parsed.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
          .join('; ')}`,
      );
    }
    if (`${parsed.data.slug}.json` !== name)
      throw new Error(`content/courses/${name}: the slug must match the file name`);
    loaded.push(parsed.data);
  }
  return loaded;
}

/** A flashcard as reviewed, in one language: course cards, the learner's own, and questions gone wrong. */
export interface CardFace {
  id: string;
  origin: 'course' | 'own' | 'question';
  lessonSlug: string | null;
  front: string;
  back: string;
  source: CourseSource | undefined;
}

export const ownCardId = (id: string) => `own:${id}`;
export const questionCardId = (id: string) => `question:${id}`;

export function courseCards(course: CourseContent, language: Locale): CardFace[] {
  return course.lessons.flatMap((lesson) =>
    lesson.flashcards.map((card): CardFace => {
      const sides =
        card.kind === 'cloze'
          ? clozeSides(card.text[language])
          : { front: card.front[language], back: card.back[language] };
      return { id: card.id, origin: 'course', lessonSlug: lesson.slug, ...sides, source: card.source };
    }),
  );
}

export function findLesson(course: CourseContent, slug: string): LessonContent | undefined {
  return course.lessons.find((lesson) => lesson.slug === slug);
}

export function allQuestions(course: CourseContent): Array<{ lesson: LessonContent; question: QuestionContent }> {
  return course.lessons.flatMap((lesson) => lesson.questions.map((question) => ({ lesson, question })));
}

/** The right answer of a question, as a learner reads it. */
export function correctAnswerText(
  question: QuestionContent,
  language: Locale,
  labels: { true: string; false: string },
): string {
  switch (question.kind) {
    case 'single':
    case 'multiple':
      return question.options
        .filter((option) => question.correct.includes(option.id))
        .map((option) => option.text[language])
        .join('; ');
    case 'true_false':
      return labels[question.correct[0]];
    case 'short':
      return question.accepted[language][0]!;
  }
}

export function cardCount(course: CourseContent): number {
  return course.lessons.reduce((sum, lesson) => sum + lesson.flashcards.length, 0);
}

export function questionCount(course: CourseContent): number {
  return course.lessons.reduce((sum, lesson) => sum + lesson.questions.length, 0);
}
