import type { CourseContent, EssayEvaluation, TestAnswer } from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A course: its whole content (lessons, cards, questions, essays in four languages) as one checked
 * document, so an edit replaces it atomically. Learners' records refer to lesson slugs and card and
 * question ids, which never change once published.
 */
export const courses = pgTable('courses', {
  slug: text('slug').primaryKey(),
  content: jsonb('content').$type<CourseContent>().notNull(),
  published: boolean('published').notNull().default(true),
  /** The shipped file it came from: a start-up import replaces only what an admin has not changed. */
  seeded: boolean('seeded').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A learner's own settings for courses. */
export const courseLearners = pgTable(
  'course_learners',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    desiredRetention: doublePrecision('desired_retention').notNull().default(0.9),
  },
  (table) => [check('course_learners_retention_check', sql`${table.desiredRetention} between 0.7 and 0.97`)],
);

/** Lessons a learner has read. */
export const courseLessonReads = pgTable(
  'course_lesson_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug')
      .notNull()
      .references(() => courses.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    lessonSlug: text('lesson_slug').notNull(),
    /** Time on the lesson, for the learning record (continuing-education evidence). */
    seconds: integer('seconds').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseSlug, table.lessonSlug] })],
);

/** A learner's notes on a lesson; `quote` is the lesson passage a note was attached to. */
export const courseNotes = pgTable(
  'course_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug')
      .notNull()
      .references(() => courses.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    lessonSlug: text('lesson_slug').notNull(),
    body: text('body').notNull(),
    quote: text('quote'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('course_notes_user_lesson_idx').on(table.userId, table.courseSlug, table.lessonSlug)],
);

/** A card the learner wrote (often from a note line); reviewed with the course's own cards. */
export const courseOwnCards = pgTable(
  'course_own_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug')
      .notNull()
      .references(() => courses.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    lessonSlug: text('lesson_slug').notNull(),
    front: text('front').notNull(),
    back: text('back').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('course_own_cards_user_course_idx').on(table.userId, table.courseSlug)],
);

/**
 * The FSRS memory state of one learner and one card: a course card (its content id), an own card
 * (`own:<uuid>`) or a question answered wrong (`question:<id>`). No row: a new card.
 */
export const courseCardStates = pgTable(
  'course_card_states',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug')
      .notNull()
      .references(() => courses.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    cardId: text('card_id').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer('state').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.courseSlug, table.cardId] }),
    index('course_card_states_due_idx').on(table.userId, table.courseSlug, table.due),
  ],
);

/** Every review, append-only: the input for fitting FSRS parameters to a learner later. */
export const courseReviewLogs = pgTable(
  'course_review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    cardId: text('card_id').notNull(),
    /** ts-fsrs Rating: 1 Again ('I did not get it'), 3 Good ('I got it'). */
    rating: integer('rating').notNull(),
    stateBefore: integer('state_before').notNull(),
    stabilityAfter: doublePrecision('stability_after').notNull(),
    difficultyAfter: doublePrecision('difficulty_after').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    dueAfter: timestamp('due_after', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('course_review_logs_user_idx').on(table.userId, table.reviewedAt)],
);

/** A self-test taken: a lesson's questions or the whole course's (the final test). */
export const courseTestAttempts = pgTable(
  'course_test_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug')
      .notNull()
      .references(() => courses.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Null: the final test of the course. */
    lessonSlug: text('lesson_slug'),
    answers: jsonb('answers').$type<Record<string, TestAnswer>>().notNull(),
    score: doublePrecision('score').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('course_test_attempts_user_course_idx').on(table.userId, table.courseSlug)],
);

/** An essay handed in, with its (offline, deterministic) evaluation. */
export const courseEssaySubmissions = pgTable(
  'course_essay_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug')
      .notNull()
      .references(() => courses.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    essayId: text('essay_id').notNull(),
    text: text('text').notNull(),
    language: text('language').$type<Locale>().notNull(),
    evaluation: jsonb('evaluation').$type<EssayEvaluation>().notNull(),
    score: doublePrecision('score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('course_essay_submissions_user_idx').on(table.userId, table.courseSlug, table.essayId)],
);

/** A certificate of completion: checkable by anyone holding its id and signature. */
export const courseCertificates = pgTable(
  'course_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug')
      .notNull()
      .references(() => courses.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    holderName: text('holder_name').notNull(),
    score: doublePrecision('score').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('course_certificates_user_idx').on(table.userId, table.courseSlug)],
);
