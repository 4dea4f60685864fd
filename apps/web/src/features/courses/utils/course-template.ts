import type { CourseContent, LessonContent } from '@compliance/shared/courses';

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
