import { courseContentSchema, type AdminCourse, type CourseContent } from '@compliance/shared/courses';
import { AppError } from '../../plugins/errors.ts';
import type { Actor } from '../access/actor.ts';
import { allQuestions, cardCount, questionCount } from './course-content.ts';
import { courseNotFound, lessonNotFound, type CoursesDeps } from './course-context.ts';
import type { CourseRow } from './courses.repository.ts';
import { giftToQuestions } from './gift-import.ts';

function toAdminCourse(row: CourseRow, learners: number): AdminCourse {
  return {
    slug: row.slug,
    title: row.content.title.en,
    published: row.published,
    lessonCount: row.content.lessons.length,
    questionCount: questionCount(row.content),
    cardCount: cardCount(row.content),
    learnerCount: learners,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function invalidContent(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const fields = Object.fromEntries(
    issues.slice(0, 20).map((issue) => [issue.path.map(String).join('.') || 'course', issue.message]),
  );
  return new AppError('COURSE_CONTENT_INVALID', 400, 'The course file does not match the course format', { fields });
}

/** Admins: every course (drafts too), publish and unpublish, import and export as JSON, GIFT questions. */
export function createCourseAdminService(deps: CoursesDeps) {
  const { access, repository } = deps;

  async function adminCourse(slug: string): Promise<CourseRow> {
    const row = await repository.findCourse(slug);
    if (!row) throw courseNotFound();
    return row;
  }

  return {
    async adminListCourses(actor: Actor): Promise<{ courses: AdminCourse[] }> {
      await access.require(actor, 'course.manage');
      const [rows, learners] = await Promise.all([repository.listCourses(true), repository.learnerCounts()]);
      return { courses: rows.map((row) => toAdminCourse(row, learners.get(row.slug) ?? 0)) };
    },

    async setPublished(actor: Actor, input: { slug: string; published: boolean }): Promise<AdminCourse> {
      await access.require(actor, 'course.manage');
      const row = await repository.setPublished(input.slug, input.published);
      if (!row) throw courseNotFound();
      return toAdminCourse(row, (await repository.learnerCounts()).get(row.slug) ?? 0);
    },

    async exportCourse(actor: Actor, { slug }: { slug: string }): Promise<CourseContent> {
      await access.require(actor, 'course.manage');
      return (await adminCourse(slug)).content;
    },

    /**
     * Creates or replaces a course from its JSON file. A new course starts as a draft; a replaced one
     * keeps its published state. Lessons, cards and questions learners have records of keep their ids.
     */
    async importCourse(actor: Actor, input: unknown): Promise<AdminCourse> {
      await access.require(actor, 'course.manage');
      const parsed = courseContentSchema.safeParse(input);
      if (!parsed.success) throw invalidContent(parsed.error.issues);
      const row = await repository.saveCourse(parsed.data);
      return toAdminCourse(row, (await repository.learnerCounts()).get(row.slug) ?? 0);
    },

    /** Saves an edited course (the whole file, checked); it keeps its address and published state. */
    async updateCourse(actor: Actor, input: { slug: string; content: unknown }): Promise<AdminCourse> {
      await access.require(actor, 'course.manage');
      await adminCourse(input.slug);
      const parsed = courseContentSchema.safeParse(input.content);
      if (!parsed.success) throw invalidContent(parsed.error.issues);
      if (parsed.data.slug !== input.slug) {
        throw new AppError('COURSE_CONTENT_INVALID', 400, 'A course keeps its address', {
          fields: { slug: 'A course keeps its address: import it as a new course instead' },
        });
      }
      const row = await repository.saveCourse(parsed.data);
      return toAdminCourse(row, (await repository.learnerCounts()).get(row.slug) ?? 0);
    },

    /** Adds Moodle GIFT questions to a lesson. */
    async importGift(actor: Actor, input: { slug: string; lesson: string; text: string }) {
      await access.require(actor, 'course.manage');
      const row = await adminCourse(input.slug);
      const lessonIndex = row.content.lessons.findIndex((lesson) => lesson.slug === input.lesson);
      if (lessonIndex < 0) throw lessonNotFound();
      const taken = new Set(allQuestions(row.content).map(({ question }) => question.id));
      let converted;
      try {
        converted = giftToQuestions(input.text, input.lesson, taken);
      } catch (error) {
        throw new AppError('COURSE_CONTENT_INVALID', 400, (error as Error).message, {
          fields: { text: (error as Error).message },
        });
      }
      const lessons = row.content.lessons.map((lesson, index) =>
        index === lessonIndex ? { ...lesson, questions: [...lesson.questions, ...converted.questions] } : lesson,
      );
      const parsed = courseContentSchema.safeParse({ ...row.content, lessons });
      if (!parsed.success) throw invalidContent(parsed.error.issues);
      await repository.saveCourse(parsed.data);
      await repository.setPublished(row.slug, row.published);
      return { imported: converted.questions.length, skipped: converted.skipped };
    },
  };
}
