import type { CourseContent, EssayEvaluation, TestAnswer } from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';
import { and, asc, count, countDistinct, desc, eq, ilike, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  courseCardStates,
  courseCertificates,
  courseEssaySubmissions,
  courseLearners,
  courseLessonReads,
  courseNotes,
  courseOwnCards,
  courseReviewLogs,
  courses,
  courseTestAttempts,
} from '../../db/schema/index.ts';
import type { MemoryState } from './scheduler.ts';

export type CourseRow = typeof courses.$inferSelect;
export type CourseNoteRow = typeof courseNotes.$inferSelect;
export type OwnCardRow = typeof courseOwnCards.$inferSelect;
export type CardStateRow = typeof courseCardStates.$inferSelect;
export type EssaySubmissionRow = typeof courseEssaySubmissions.$inferSelect;
export type CertificateRow = typeof courseCertificates.$inferSelect;

function escapeLike(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function createCoursesRepository(db: Db) {
  return {
    // ---- courses ----
    listCourses(includeUnpublished: boolean): Promise<CourseRow[]> {
      return db
        .select()
        .from(courses)
        .where(includeUnpublished ? undefined : eq(courses.published, true))
        .orderBy(
          asc(sql`coalesce((${courses.content}->>'position')::int, 100)`),
          asc(courses.createdAt),
          asc(courses.slug),
        );
    },
    async findCourse(slug: string): Promise<CourseRow | null> {
      const [row] = await db.select().from(courses).where(eq(courses.slug, slug)).limit(1);
      return row ?? null;
    },
    /** A shipped course: inserted when new, refreshed while no admin has replaced it. */
    async upsertSeeded(content: CourseContent): Promise<'inserted' | 'updated' | 'kept'> {
      const existing = await this.findCourse(content.slug);
      if (!existing) {
        await db.insert(courses).values({ slug: content.slug, content, seeded: true }).onConflictDoNothing();
        return 'inserted';
      }
      if (!existing.seeded || JSON.stringify(existing.content) === JSON.stringify(content)) return 'kept';
      await db.update(courses).set({ content, updatedAt: new Date() }).where(eq(courses.slug, content.slug));
      return 'updated';
    },
    /** An admin's import: the course is theirs from now on (start-up imports leave it alone). */
    async saveCourse(content: CourseContent): Promise<CourseRow> {
      const [row] = await db
        .insert(courses)
        .values({ slug: content.slug, content, seeded: false, published: false })
        .onConflictDoUpdate({ target: courses.slug, set: { content, seeded: false, updatedAt: new Date() } })
        .returning();
      return row!;
    },
    async setPublished(slug: string, published: boolean): Promise<CourseRow | null> {
      const [row] = await db
        .update(courses)
        .set({ published, updatedAt: new Date() })
        .where(eq(courses.slug, slug))
        .returning();
      return row ?? null;
    },
    async learnerCounts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ slug: courseLessonReads.courseSlug, learners: countDistinct(courseLessonReads.userId) })
        .from(courseLessonReads)
        .groupBy(courseLessonReads.courseSlug);
      return new Map(rows.map((row) => [row.slug, row.learners]));
    },

    // ---- learner settings ----
    async desiredRetention(userId: string): Promise<number | null> {
      const [row] = await db
        .select({ retention: courseLearners.desiredRetention })
        .from(courseLearners)
        .where(eq(courseLearners.userId, userId));
      return row?.retention ?? null;
    },
    async setDesiredRetention(userId: string, desiredRetention: number): Promise<void> {
      await db
        .insert(courseLearners)
        .values({ userId, desiredRetention })
        .onConflictDoUpdate({ target: courseLearners.userId, set: { desiredRetention } });
    },

    // ---- reading ----
    listReads(userId: string, slug?: string) {
      return db
        .select()
        .from(courseLessonReads)
        .where(and(eq(courseLessonReads.userId, userId), slug ? eq(courseLessonReads.courseSlug, slug) : undefined));
    },
    async markRead(userId: string, slug: string, lessonSlug: string, seconds: number, at: Date): Promise<void> {
      await db
        .insert(courseLessonReads)
        .values({ userId, courseSlug: slug, lessonSlug, seconds, readAt: at })
        .onConflictDoUpdate({
          target: [courseLessonReads.userId, courseLessonReads.courseSlug, courseLessonReads.lessonSlug],
          set: { seconds: sql`${courseLessonReads.seconds} + ${seconds}` },
        });
    },

    // ---- notes ----
    listNotes(userId: string, slug: string, lessonSlug: string): Promise<CourseNoteRow[]> {
      return db
        .select()
        .from(courseNotes)
        .where(
          and(eq(courseNotes.userId, userId), eq(courseNotes.courseSlug, slug), eq(courseNotes.lessonSlug, lessonSlug)),
        )
        .orderBy(asc(courseNotes.createdAt), asc(courseNotes.id));
    },
    async countNotes(userId: string, slug: string, lessonSlug: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(courseNotes)
        .where(
          and(eq(courseNotes.userId, userId), eq(courseNotes.courseSlug, slug), eq(courseNotes.lessonSlug, lessonSlug)),
        );
      return row?.n ?? 0;
    },
    async insertNote(values: typeof courseNotes.$inferInsert): Promise<CourseNoteRow> {
      const [row] = await db.insert(courseNotes).values(values).returning();
      return row!;
    },
    async findNote(id: string): Promise<CourseNoteRow | null> {
      const [row] = await db.select().from(courseNotes).where(eq(courseNotes.id, id)).limit(1);
      return row ?? null;
    },
    async updateNote(id: string, body: string, at: Date): Promise<CourseNoteRow | null> {
      const [row] = await db.update(courseNotes).set({ body, updatedAt: at }).where(eq(courseNotes.id, id)).returning();
      return row ?? null;
    },
    async deleteNote(id: string): Promise<void> {
      await db.delete(courseNotes).where(eq(courseNotes.id, id));
    },
    searchNotes(userId: string, q: string): Promise<CourseNoteRow[]> {
      const pattern = escapeLike(q);
      return db
        .select()
        .from(courseNotes)
        .where(
          and(
            eq(courseNotes.userId, userId),
            q ? or(ilike(courseNotes.body, pattern), ilike(courseNotes.quote, pattern)) : undefined,
          ),
        )
        .orderBy(desc(courseNotes.updatedAt))
        .limit(100);
    },

    // ---- cards ----
    listOwnCards(userId: string, slug: string): Promise<OwnCardRow[]> {
      return db
        .select()
        .from(courseOwnCards)
        .where(and(eq(courseOwnCards.userId, userId), eq(courseOwnCards.courseSlug, slug)))
        .orderBy(asc(courseOwnCards.createdAt));
    },
    async countOwnCards(userId: string, slug: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(courseOwnCards)
        .where(and(eq(courseOwnCards.userId, userId), eq(courseOwnCards.courseSlug, slug)));
      return row?.n ?? 0;
    },
    async insertOwnCard(values: typeof courseOwnCards.$inferInsert): Promise<OwnCardRow> {
      const [row] = await db.insert(courseOwnCards).values(values).returning();
      return row!;
    },
    listStates(userId: string, slug?: string): Promise<CardStateRow[]> {
      return db
        .select()
        .from(courseCardStates)
        .where(and(eq(courseCardStates.userId, userId), slug ? eq(courseCardStates.courseSlug, slug) : undefined));
    },
    async findState(userId: string, slug: string, cardId: string): Promise<CardStateRow | null> {
      const [row] = await db
        .select()
        .from(courseCardStates)
        .where(
          and(
            eq(courseCardStates.userId, userId),
            eq(courseCardStates.courseSlug, slug),
            eq(courseCardStates.cardId, cardId),
          ),
        );
      return row ?? null;
    },
    /** The new memory state and its review log, together. */
    async recordReview(
      key: { userId: string; courseSlug: string; cardId: string },
      next: MemoryState,
      log: { rating: number; stateBefore: number; elapsedDays: number; scheduledDays: number; reviewedAt: Date },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const values = { ...key, ...next };
        await tx
          .insert(courseCardStates)
          .values(values)
          .onConflictDoUpdate({
            target: [courseCardStates.userId, courseCardStates.courseSlug, courseCardStates.cardId],
            set: next,
          });
        await tx.insert(courseReviewLogs).values({
          ...key,
          ...log,
          stabilityAfter: next.stability,
          difficultyAfter: next.difficulty,
          dueAfter: next.due,
        });
      });
    },
    async dueStateCount(userId: string, slug: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(courseCardStates)
        .where(
          and(
            eq(courseCardStates.userId, userId),
            eq(courseCardStates.courseSlug, slug),
            lte(courseCardStates.due, now),
          ),
        );
      return row?.n ?? 0;
    },

    // ---- tests ----
    async insertAttempt(values: {
      userId: string;
      courseSlug: string;
      lessonSlug: string | null;
      answers: Record<string, TestAnswer>;
      score: number;
      passed: boolean;
      createdAt: Date;
    }): Promise<string> {
      const [row] = await db.insert(courseTestAttempts).values(values).returning({ id: courseTestAttempts.id });
      return row!.id;
    },
    async bestFinalScores(userId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ slug: courseTestAttempts.courseSlug, best: max(courseTestAttempts.score) })
        .from(courseTestAttempts)
        .where(and(eq(courseTestAttempts.userId, userId), isNull(courseTestAttempts.lessonSlug)))
        .groupBy(courseTestAttempts.courseSlug);
      return new Map(rows.map((row) => [row.slug, row.best ?? 0]));
    },
    listAttempts(userId: string) {
      return db
        .select()
        .from(courseTestAttempts)
        .where(eq(courseTestAttempts.userId, userId))
        .orderBy(asc(courseTestAttempts.createdAt));
    },

    // ---- essays ----
    async insertSubmission(values: {
      userId: string;
      courseSlug: string;
      essayId: string;
      text: string;
      language: Locale;
      evaluation: EssayEvaluation;
      score: number;
      createdAt: Date;
    }): Promise<EssaySubmissionRow> {
      const [row] = await db.insert(courseEssaySubmissions).values(values).returning();
      return row!;
    },
    listSubmissions(userId: string, slug: string, essayId?: string): Promise<EssaySubmissionRow[]> {
      return db
        .select()
        .from(courseEssaySubmissions)
        .where(
          and(
            eq(courseEssaySubmissions.userId, userId),
            eq(courseEssaySubmissions.courseSlug, slug),
            essayId ? eq(courseEssaySubmissions.essayId, essayId) : undefined,
          ),
        )
        .orderBy(desc(courseEssaySubmissions.createdAt), desc(courseEssaySubmissions.id));
    },
    listAllSubmissions(userId: string): Promise<EssaySubmissionRow[]> {
      return db
        .select()
        .from(courseEssaySubmissions)
        .where(eq(courseEssaySubmissions.userId, userId))
        .orderBy(asc(courseEssaySubmissions.createdAt));
    },

    // ---- certificates ----
    async findCertificate(userId: string, slug: string): Promise<CertificateRow | null> {
      const [row] = await db
        .select()
        .from(courseCertificates)
        .where(and(eq(courseCertificates.userId, userId), eq(courseCertificates.courseSlug, slug)))
        .orderBy(asc(courseCertificates.issuedAt))
        .limit(1);
      return row ?? null;
    },
    async certificateById(id: string): Promise<CertificateRow | null> {
      const [row] = await db.select().from(courseCertificates).where(eq(courseCertificates.id, id)).limit(1);
      return row ?? null;
    },
    async insertCertificate(values: typeof courseCertificates.$inferInsert): Promise<CertificateRow> {
      const [row] = await db.insert(courseCertificates).values(values).returning();
      return row!;
    },
    listCertificates(userId: string): Promise<CertificateRow[]> {
      return db.select().from(courseCertificates).where(eq(courseCertificates.userId, userId));
    },
  };
}

export type CoursesRepository = ReturnType<typeof createCoursesRepository>;
