import {
  MAX_NOTES_PER_LESSON,
  MAX_OWN_CARDS_PER_COURSE,
  type CourseDetail,
  type CourseListResponse,
  type CourseNote,
  type CourseNoteInput,
  type CourseNoteSearchResponse,
  type LearnerSettings,
  type Lesson,
  type OwnCardInput,
  type ReviewCard,
} from '@compliance/shared/courses';
import { csvText } from '@compliance/shared/csv';
import type { Locale } from '@compliance/shared/locales';
import { AppError } from '../../plugins/errors.ts';
import type { Actor } from '../access/actor.ts';
import { ankiExport } from './anki-export.ts';
import { findLesson, ownCardId } from './course-content.ts';
import { citeAll, lessonNotFound, progressOf, retentionOf, visibleCourse, type CoursesDeps } from './course-context.ts';
import type { CourseNoteRow, CourseRow } from './courses.repository.ts';
import { isAdmin } from '../access/access.ts';

/** Time on a lesson counted per visit at most this long (a tab left open is not study). */
const MAX_SECONDS_PER_VISIT = 2 * 60 * 60;

function toNote(row: CourseNoteRow): CourseNote {
  return {
    id: row.id,
    courseSlug: row.courseSlug,
    lessonSlug: row.lessonSlug,
    body: row.body,
    quote: row.quote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function summaryOf(row: CourseRow, language: Locale) {
  const course = row.content;
  return {
    slug: row.slug,
    title: course.title[language],
    summary: course.summary[language],
    level: course.level,
    minutes: course.minutes,
    passMark: course.passMark,
    published: row.published,
  };
}

/** Reading: the catalogue, a course, its lessons, the learner's notes and own cards, their settings. */
export function createCourseLearningService(deps: CoursesDeps) {
  const { access, repository } = deps;

  return {
    async listCourses(actor: Actor, { lang }: { lang: Locale }): Promise<CourseListResponse> {
      const caller = await access.require(actor, 'course.read');
      const [rows, bestScores] = await Promise.all([
        repository.listCourses(isAdmin(caller)),
        repository.bestFinalScores(caller.user.id),
      ]);
      const courses = await Promise.all(
        rows.map(async (row) => ({
          ...summaryOf(row, lang),
          progress: await progressOf(deps, caller.user.id, row, bestScores),
        })),
      );
      return { courses };
    },

    async getCourse(actor: Actor, { slug, lang }: { slug: string; lang: Locale }): Promise<CourseDetail> {
      const caller = await access.require(actor, 'course.read');
      const row = await visibleCourse(deps, caller, slug);
      const [progress, reads, submissions] = await Promise.all([
        progressOf(deps, caller.user.id, row),
        repository.listReads(caller.user.id, slug),
        repository.listSubmissions(caller.user.id, slug),
      ]);
      const read = new Set(reads.map((entry) => entry.lessonSlug));
      return {
        ...summaryOf(row, lang),
        progress,
        lessons: row.content.lessons.map((lesson) => ({
          slug: lesson.slug,
          title: lesson.title[lang],
          minutes: lesson.minutes,
          read: read.has(lesson.slug),
          cardCount: lesson.flashcards.length,
          questionCount: lesson.questions.length,
        })),
        essays: row.content.essays.map((essay) => {
          const scores = submissions.filter((entry) => entry.essayId === essay.id).map((entry) => entry.score);
          return {
            id: essay.id,
            prompt: essay.prompt[lang],
            minWords: essay.minWords,
            maxWords: essay.maxWords,
            bestScore: scores.length > 0 ? Math.max(...scores) : null,
          };
        }),
      };
    },

    async getLesson(actor: Actor, input: { slug: string; lesson: string; lang: Locale }): Promise<Lesson> {
      const caller = await access.require(actor, 'course.read');
      const row = await visibleCourse(deps, caller, input.slug);
      const lessons = row.content.lessons;
      const index = lessons.findIndex((lesson) => lesson.slug === input.lesson);
      if (index < 0) throw lessonNotFound();
      const lesson = lessons[index]!;
      const [cite, reads] = await Promise.all([
        citeAll(deps, lesson.sources, input.lang),
        repository.listReads(caller.user.id, input.slug),
      ]);
      const link = (other: (typeof lessons)[number] | undefined) =>
        other ? { slug: other.slug, title: other.title[input.lang] } : null;
      return {
        courseSlug: row.slug,
        courseTitle: row.content.title[input.lang],
        slug: lesson.slug,
        title: lesson.title[input.lang],
        minutes: lesson.minutes,
        body: lesson.body[input.lang],
        read: reads.some((entry) => entry.lessonSlug === lesson.slug),
        sources: lesson.sources.flatMap((source) => {
          const citation = cite(source);
          return citation ? [citation] : [];
        }),
        previous: link(lessons[index - 1]),
        next: link(lessons[index + 1]),
        questionCount: lesson.questions.length,
      };
    },

    /** Marks a lesson read (its cards join the reviews) and adds the time spent on it. */
    async markRead(actor: Actor, input: { slug: string; lesson: string; seconds: number }): Promise<void> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, input.slug);
      if (!findLesson(row.content, input.lesson)) throw lessonNotFound();
      const seconds = Math.max(0, Math.min(MAX_SECONDS_PER_VISIT, Math.round(input.seconds)));
      await repository.markRead(caller.user.id, input.slug, input.lesson, seconds, deps.now());
    },

    // ---- notes ----

    async listNotes(actor: Actor, input: { slug: string; lesson: string }): Promise<{ notes: CourseNote[] }> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, input.slug);
      if (!findLesson(row.content, input.lesson)) throw lessonNotFound();
      return { notes: (await repository.listNotes(caller.user.id, input.slug, input.lesson)).map(toNote) };
    },

    async createNote(actor: Actor, input: { slug: string; lesson: string } & CourseNoteInput): Promise<CourseNote> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, input.slug);
      if (!findLesson(row.content, input.lesson)) throw lessonNotFound();
      if ((await repository.countNotes(caller.user.id, input.slug, input.lesson)) >= MAX_NOTES_PER_LESSON) {
        throw new AppError('COURSE_NOTE_LIMIT_REACHED', 409, `At most ${MAX_NOTES_PER_LESSON} notes per lesson`);
      }
      const now = deps.now();
      return toNote(
        await repository.insertNote({
          userId: caller.user.id,
          courseSlug: input.slug,
          lessonSlug: input.lesson,
          body: input.body,
          quote: input.quote ?? null,
          createdAt: now,
          updatedAt: now,
        }),
      );
    },

    async updateNote(actor: Actor, input: { id: string; body: string }): Promise<CourseNote> {
      await access.require(actor, 'course.learn', { type: 'course-note', id: input.id });
      const row = await repository.updateNote(input.id, input.body, deps.now());
      if (!row) throw new AppError('COURSE_NOTE_NOT_FOUND', 404, 'Note not found');
      return toNote(row);
    },

    async deleteNote(actor: Actor, input: { id: string }): Promise<void> {
      await access.require(actor, 'course.learn', { type: 'course-note', id: input.id });
      await repository.deleteNote(input.id);
    },

    /** The caller's notes across every course, by text, newest first. */
    async searchNotes(actor: Actor, input: { q: string; lang: Locale }): Promise<CourseNoteSearchResponse> {
      const caller = await access.require(actor, 'course.learn');
      const rows = await repository.searchNotes(caller.user.id, input.q.trim());
      const courses = new Map((await repository.listCourses(true)).map((row) => [row.slug, row]));
      return {
        notes: rows.flatMap((row) => {
          const course = courses.get(row.courseSlug);
          const lesson = course ? findLesson(course.content, row.lessonSlug) : undefined;
          if (!course || !lesson) return [];
          return [
            { ...toNote(row), courseTitle: course.content.title[input.lang], lessonTitle: lesson.title[input.lang] },
          ];
        }),
      };
    },

    // ---- own cards ----

    /** A card the learner wrote (e.g. from a note line); it is new, so due at once. */
    async createOwnCard(actor: Actor, input: { slug: string } & OwnCardInput): Promise<ReviewCard> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, input.slug);
      if (!findLesson(row.content, input.lessonSlug)) throw lessonNotFound();
      if ((await repository.countOwnCards(caller.user.id, input.slug)) >= MAX_OWN_CARDS_PER_COURSE) {
        throw new AppError('CARD_LIMIT_REACHED', 409, `At most ${MAX_OWN_CARDS_PER_COURSE} own cards per course`);
      }
      const now = deps.now();
      const card = await repository.insertOwnCard({
        userId: caller.user.id,
        courseSlug: input.slug,
        lessonSlug: input.lessonSlug,
        front: input.front,
        back: input.back,
        createdAt: now,
      });
      return {
        id: ownCardId(card.id),
        origin: 'own',
        lessonSlug: card.lessonSlug,
        front: card.front,
        back: card.back,
        source: null,
        isNew: true,
        due: now.toISOString(),
      };
    },

    /** The course's cards and the caller's own, as a file Anki imports. */
    async exportToAnki(actor: Actor, { slug, lang }: { slug: string; lang: Locale }): Promise<string> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, slug);
      return ankiExport(row.content, lang, await repository.listOwnCards(caller.user.id, slug));
    },

    // ---- settings ----

    async getSettings(actor: Actor): Promise<LearnerSettings> {
      const caller = await access.require(actor, 'course.learn');
      return { desiredRetention: await retentionOf(deps, caller.user.id) };
    },

    async updateSettings(actor: Actor, input: LearnerSettings): Promise<LearnerSettings> {
      const caller = await access.require(actor, 'course.learn');
      await repository.setDesiredRetention(caller.user.id, input.desiredRetention);
      return { desiredRetention: input.desiredRetention };
    },

    /** The learning record (continuing-education evidence) as CSV: lessons read, tests, essays, certificates. */
    async learningRecord(actor: Actor, { lang }: { lang: Locale }): Promise<string> {
      const caller = await access.require(actor, 'course.learn');
      const userId = caller.user.id;
      const [courses, reads, attempts, essays, certificates] = await Promise.all([
        repository.listCourses(true),
        repository.listReads(userId),
        repository.listAttempts(userId),
        repository.listAllSubmissions(userId),
        repository.listCertificates(userId),
      ]);
      const bySlug = new Map(courses.map((row) => [row.slug, row.content]));
      const title = (slug: string) => bySlug.get(slug)?.title[lang] ?? slug;
      const lessonTitle = (slug: string, lesson: string | null) =>
        lesson ? (bySlug.get(slug)?.lessons.find((entry) => entry.slug === lesson)?.title[lang] ?? lesson) : '';
      const rows: string[][] = [['date', 'course', 'lesson', 'activity', 'minutes', 'score', 'passed']];
      for (const read of reads) {
        rows.push([
          read.readAt.toISOString(),
          title(read.courseSlug),
          lessonTitle(read.courseSlug, read.lessonSlug),
          'lesson read',
          String(Math.round(read.seconds / 60)),
          '',
          '',
        ]);
      }
      for (const attempt of attempts) {
        rows.push([
          attempt.createdAt.toISOString(),
          title(attempt.courseSlug),
          lessonTitle(attempt.courseSlug, attempt.lessonSlug),
          attempt.lessonSlug ? 'lesson test' : 'final test',
          '',
          String(Math.round(attempt.score)),
          attempt.passed ? 'yes' : 'no',
        ]);
      }
      for (const essay of essays) {
        rows.push([
          essay.createdAt.toISOString(),
          title(essay.courseSlug),
          '',
          `essay ${essay.essayId}`,
          '',
          String(Math.round(essay.score)),
          '',
        ]);
      }
      for (const certificate of certificates) {
        rows.push([
          certificate.issuedAt.toISOString(),
          title(certificate.courseSlug),
          '',
          `certificate ${certificate.id}`,
          '',
          String(Math.round(certificate.score)),
          'yes',
        ]);
      }
      const [header, ...body] = rows;
      body.sort((a, b) => a[0]!.localeCompare(b[0]!));
      return csvText([header!, ...body]);
    },
  };
}
