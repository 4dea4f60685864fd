import { z } from 'zod';
import { locales } from './locales.ts';
import { longText } from './text.ts';

/**
 * Courses (issue 16): lessons cited to the knowledge base, flashcards scheduled with FSRS, self-tests,
 * essays graded against rubrics, progress and certificates. The course *content* schema checks the
 * shipped files of content/courses and admins' imports; the rest are the API's contracts. Learners
 * never receive answers before they answer: questions travel without `correct`/`accepted`.
 */

// ---- limits ----

export const COURSE_NOTE_MAX_LENGTH = 20_000;
export const COURSE_NOTE_QUOTE_MAX_LENGTH = 1_000;
export const MAX_NOTES_PER_LESSON = 200;
export const MAX_OWN_CARDS_PER_COURSE = 1_000;
export const CARD_SIDE_MAX_LENGTH = 2_000;
export const ESSAY_MAX_LENGTH = 20_000;
export const SHORT_ANSWER_MAX_LENGTH = 300;
/** How many due cards a review session brings at once. */
export const REVIEW_BATCH_SIZE = 50;
export const DEFAULT_DESIRED_RETENTION = 0.9;
export const MIN_DESIRED_RETENTION = 0.7;
export const MAX_DESIRED_RETENTION = 0.97;
export const DEFAULT_PASS_MARK = 70;
export const COURSE_IMPORT_MAX_BYTES = 4 * 1024 * 1024;

// ---- content (the shipped JSON files and admins' imports) ----

/** A text in each of the product's four languages. */
export const localizedTextSchema = z.object({
  en: z.string().min(1),
  de: z.string().min(1),
  fr: z.string().min(1),
  it: z.string().min(1),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

const localizedListSchema = z.object({
  en: z.array(z.string().min(1)).min(1),
  de: z.array(z.string().min(1)).min(1),
  fr: z.array(z.string().min(1)).min(1),
  it: z.array(z.string().min(1)).min(1),
});
export type LocalizedList = z.infer<typeof localizedListSchema>;

const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase letters, digits and hyphens');
const contentIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$/, 'letters, digits, dot, hyphen');

/** A knowledge-base passage: the document's front-matter id and a `##` heading of its English version. */
export const courseSourceSchema = z.object({ document: z.string().min(1), section: z.string().min(1) });
export type CourseSource = z.infer<typeof courseSourceSchema>;

export const flashcardContentSchema = z.discriminatedUnion('kind', [
  z.object({
    id: contentIdSchema,
    kind: z.literal('basic'),
    front: localizedTextSchema,
    back: localizedTextSchema,
    source: courseSourceSchema.optional(),
  }),
  z.object({
    id: contentIdSchema,
    kind: z.literal('cloze'),
    text: localizedTextSchema.refine((text) => locales.every((l) => CLOZE_PATTERN.test(text[l])), {
      message: 'every language needs a {{c1::…}} deletion',
    }),
    source: courseSourceSchema.optional(),
  }),
]);
export type FlashcardContent = z.infer<typeof flashcardContentSchema>;

const optionSchema = z.object({ id: contentIdSchema, text: localizedTextSchema });
const questionBase = {
  id: contentIdSchema,
  prompt: localizedTextSchema,
  explanation: localizedTextSchema,
  source: courseSourceSchema.optional(),
};
export const questionContentSchema = z.discriminatedUnion('kind', [
  z.object({
    ...questionBase,
    kind: z.literal('single'),
    options: z.array(optionSchema).min(2).max(8),
    correct: z.array(contentIdSchema).length(1),
  }),
  z.object({
    ...questionBase,
    kind: z.literal('multiple'),
    options: z.array(optionSchema).min(2).max(8),
    correct: z.array(contentIdSchema).min(1),
  }),
  z.object({ ...questionBase, kind: z.literal('true_false'), correct: z.tuple([z.enum(['true', 'false'])]) }),
  z.object({ ...questionBase, kind: z.literal('short'), accepted: localizedListSchema }),
]);
export type QuestionContent = z.infer<typeof questionContentSchema>;

export const essayConceptSchema = z.object({
  id: contentIdSchema,
  label: localizedTextSchema,
  terms: localizedListSchema,
  misconceptions: z.array(z.object({ terms: localizedListSchema, correction: localizedTextSchema })).default([]),
  source: courseSourceSchema.optional(),
});
export const essayContentSchema = z.object({
  id: contentIdSchema,
  prompt: localizedTextSchema,
  minWords: z.number().int().min(10).max(2_000),
  maxWords: z.number().int().min(20).max(3_000),
  criteria: z
    .array(
      z.object({
        id: contentIdSchema,
        title: localizedTextSchema,
        weight: z.number().positive().max(10).default(1),
        concepts: z.array(essayConceptSchema).min(1).max(10),
      }),
    )
    .min(1)
    .max(8),
});
export type EssayContent = z.infer<typeof essayContentSchema>;

export const lessonContentSchema = z.object({
  slug: slugSchema,
  title: localizedTextSchema,
  minutes: z.number().int().min(1).max(600),
  body: localizedTextSchema,
  sources: z.array(courseSourceSchema).max(10).default([]),
  flashcards: z.array(flashcardContentSchema).max(100).default([]),
  questions: z.array(questionContentSchema).max(100).default([]),
});
export type LessonContent = z.infer<typeof lessonContentSchema>;

export const courseLevels = ['foundation', 'intermediate', 'advanced'] as const;

export const courseContentSchema = z
  .object({
    slug: slugSchema,
    title: localizedTextSchema,
    summary: localizedTextSchema,
    level: z.enum(courseLevels).default('foundation'),
    /** Where the course stands in the catalogue (lower first). */
    position: z.number().int().min(0).max(10_000).default(100),
    minutes: z.number().int().min(1).max(6_000),
    passMark: z.number().int().min(1).max(100).default(DEFAULT_PASS_MARK),
    lessons: z.array(lessonContentSchema).min(1).max(50),
    essays: z.array(essayContentSchema).max(10).default([]),
  })
  .superRefine((course, context) => {
    const seen = new Set<string>();
    const unique = (id: string, path: (string | number)[]) => {
      if (seen.has(id)) context.addIssue({ code: 'custom', message: `duplicate id ${id}`, path });
      seen.add(id);
    };
    const lessonSlugs = new Set<string>();
    course.lessons.forEach((lesson, l) => {
      if (lessonSlugs.has(lesson.slug)) {
        context.addIssue({ code: 'custom', message: `duplicate lesson ${lesson.slug}`, path: ['lessons', l] });
      }
      lessonSlugs.add(lesson.slug);
      lesson.flashcards.forEach((card, c) => unique(card.id, ['lessons', l, 'flashcards', c]));
      lesson.questions.forEach((question, q) => {
        unique(question.id, ['lessons', l, 'questions', q]);
        if (question.kind === 'single' || question.kind === 'multiple') {
          const options = new Set(question.options.map((option) => option.id));
          if (!question.correct.every((id) => options.has(id))) {
            context.addIssue({
              code: 'custom',
              message: 'a correct id is not an option',
              path: ['lessons', l, 'questions', q],
            });
          }
        }
      });
    });
    course.essays.forEach((essay, e) => {
      unique(essay.id, ['essays', e]);
      if (essay.maxWords <= essay.minWords) {
        context.addIssue({ code: 'custom', message: 'maxWords must exceed minWords', path: ['essays', e] });
      }
    });
  });
export type CourseContent = z.infer<typeof courseContentSchema>;

/** Anki's cloze deletion: `{{c1::hidden}}` or `{{c1::hidden::hint}}`. */
export const CLOZE_PATTERN = /\{\{c\d+::([^}]*?)(?:::([^}]*))?\}\}/;
const CLOZE_PATTERN_GLOBAL = new RegExp(CLOZE_PATTERN.source, 'g');

/** A cloze card's two sides: the front with each deletion as `[…]` (or its hint), the back with it filled in. */
export function clozeSides(text: string): { front: string; back: string } {
  return {
    front: text.replace(CLOZE_PATTERN_GLOBAL, (_match, _answer: string, hint?: string) => (hint ? `[${hint}]` : '[…]')),
    back: text.replace(CLOZE_PATTERN_GLOBAL, (_match, answer: string) => `**${answer}**`),
  };
}

// ---- API: reading ----

export const courseLocaleQuerySchema = z.object({ lang: z.enum(locales).default('en') });
export const courseParamsSchema = z.object({ slug: slugSchema });
export const lessonParamsSchema = z.object({ slug: slugSchema, lesson: slugSchema });

export const courseProgressSchema = z.object({
  lessonsRead: z.number().int(),
  lessonCount: z.number().int(),
  cardsDue: z.number().int(),
  cardsTotal: z.number().int(),
  /** Best final-test score in percent, null before the first attempt. */
  bestScore: z.number().nullable(),
  passed: z.boolean(),
  completed: z.boolean(),
  certificateId: z.uuid().nullable(),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

export const courseSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  level: z.enum(courseLevels),
  minutes: z.number().int(),
  passMark: z.number().int(),
  published: z.boolean(),
  progress: courseProgressSchema,
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;
export const courseListResponseSchema = z.object({ courses: z.array(courseSummarySchema) });
export type CourseListResponse = z.infer<typeof courseListResponseSchema>;

/** A knowledge-base passage a lesson, card or question cites, resolved to a file of the library. */
export const courseCitationSchema = z.object({
  fileId: z.uuid().nullable(),
  title: z.string(),
  section: z.string(),
  language: z.enum(locales).nullable(),
  page: z.number().int().nullable(),
});
export type CourseCitation = z.infer<typeof courseCitationSchema>;

export const courseDetailSchema = courseSummarySchema.extend({
  lessons: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      minutes: z.number().int(),
      read: z.boolean(),
      cardCount: z.number().int(),
      questionCount: z.number().int(),
    }),
  ),
  essays: z.array(
    z.object({
      id: z.string(),
      prompt: z.string(),
      minWords: z.number().int(),
      maxWords: z.number().int(),
      bestScore: z.number().nullable(),
    }),
  ),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const lessonSchema = z.object({
  courseSlug: z.string(),
  courseTitle: z.string(),
  slug: z.string(),
  title: z.string(),
  minutes: z.number().int(),
  body: z.string(),
  read: z.boolean(),
  sources: z.array(courseCitationSchema),
  previous: z.object({ slug: z.string(), title: z.string() }).nullable(),
  next: z.object({ slug: z.string(), title: z.string() }).nullable(),
  questionCount: z.number().int(),
});
export type Lesson = z.infer<typeof lessonSchema>;

// ---- notes ----

export const courseNoteSchema = z.object({
  id: z.uuid(),
  courseSlug: z.string(),
  lessonSlug: z.string(),
  body: z.string(),
  quote: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CourseNote = z.infer<typeof courseNoteSchema>;

export const courseNoteInputSchema = z.object({
  body: longText(COURSE_NOTE_MAX_LENGTH, 'courses:notes.tooLong'),
  quote: longText(COURSE_NOTE_QUOTE_MAX_LENGTH, 'courses:notes.quoteTooLong').nullable().optional(),
});
export type CourseNoteInput = z.infer<typeof courseNoteInputSchema>;
export const courseNoteUpdateSchema = courseNoteInputSchema.pick({ body: true });
export const courseNoteParamsSchema = z.object({ id: z.uuid() });
export const courseNotesResponseSchema = z.object({ notes: z.array(courseNoteSchema) });
export const courseNoteSearchQuerySchema = z.object({ q: z.string().max(200).default('') });
export const courseNoteSearchResponseSchema = z.object({
  notes: z.array(courseNoteSchema.extend({ courseTitle: z.string(), lessonTitle: z.string() })),
});
export type CourseNoteSearchResponse = z.infer<typeof courseNoteSearchResponseSchema>;

// ---- flashcards ----

export const reviewResults = ['got', 'missed'] as const;
export type ReviewResult = (typeof reviewResults)[number];

export const reviewCardSchema = z.object({
  id: z.string(),
  origin: z.enum(['course', 'own', 'question']),
  lessonSlug: z.string().nullable(),
  front: z.string(),
  back: z.string(),
  source: courseCitationSchema.nullable(),
  /** Never reviewed yet. */
  isNew: z.boolean(),
  due: z.iso.datetime(),
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

export const reviewSessionSchema = z.object({
  cards: z.array(reviewCardSchema),
  dueCount: z.number().int(),
  /** When the next card not in this session falls due, if any. */
  nextDue: z.iso.datetime().nullable(),
});
export type ReviewSession = z.infer<typeof reviewSessionSchema>;

export const reviewInputSchema = z.object({ cardId: z.string().min(1).max(120), result: z.enum(reviewResults) });
export type ReviewInput = z.infer<typeof reviewInputSchema>;
export const reviewOutcomeSchema = z.object({
  cardId: z.string(),
  due: z.iso.datetime(),
  /** Days until the card is due again (fractions: minutes or hours in the learning steps). */
  intervalDays: z.number(),
  reps: z.number().int(),
  lapses: z.number().int(),
});
export type ReviewOutcome = z.infer<typeof reviewOutcomeSchema>;

export const ownCardInputSchema = z.object({
  lessonSlug: slugSchema,
  front: longText(CARD_SIDE_MAX_LENGTH, 'courses:cards.tooLong').trim().min(1, 'courses:cards.sideRequired'),
  back: longText(CARD_SIDE_MAX_LENGTH, 'courses:cards.tooLong').trim().min(1, 'courses:cards.sideRequired'),
});
export type OwnCardInput = z.infer<typeof ownCardInputSchema>;

export const learnerSettingsSchema = z.object({
  desiredRetention: z.number().min(MIN_DESIRED_RETENTION).max(MAX_DESIRED_RETENTION),
});
export type LearnerSettings = z.infer<typeof learnerSettingsSchema>;

// ---- self-tests ----

export const testQuestionSchema = z.object({
  id: z.string(),
  lessonSlug: z.string(),
  kind: z.enum(['single', 'multiple', 'true_false', 'short']),
  prompt: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type TestQuestion = z.infer<typeof testQuestionSchema>;

export const testQuerySchema = courseLocaleQuerySchema.extend({ lesson: slugSchema.optional() });
export const testResponseSchema = z.object({
  scope: z.enum(['lesson', 'course']),
  lessonSlug: z.string().nullable(),
  passMark: z.number().int(),
  questions: z.array(testQuestionSchema),
});
export type TestResponse = z.infer<typeof testResponseSchema>;

/** An answer: option ids (single, multiple, true/false as 'true'/'false') or the typed text. */
export const testAnswerSchema = z.union([
  z.array(z.string().max(80)).max(8),
  z.string().max(SHORT_ANSWER_MAX_LENGTH, 'courses:test.answerTooLong'),
]);
export type TestAnswer = z.infer<typeof testAnswerSchema>;

export const checkAnswerInputSchema = z.object({
  questionId: z.string().min(1).max(80),
  answer: testAnswerSchema,
  lang: z.enum(locales).default('en'),
});
export const questionFeedbackSchema = z.object({
  questionId: z.string(),
  correct: z.boolean(),
  /** The right answer, readable (option texts or the accepted wording). */
  correctAnswer: z.string(),
  explanation: z.string(),
  source: courseCitationSchema.nullable(),
});
export type QuestionFeedback = z.infer<typeof questionFeedbackSchema>;

export const submitTestInputSchema = z.object({
  lesson: slugSchema.optional(),
  lang: z.enum(locales).default('en'),
  answers: z.record(z.string().max(80), testAnswerSchema),
});
export type SubmitTestInput = z.infer<typeof submitTestInputSchema>;
export const testResultSchema = z.object({
  id: z.uuid(),
  scope: z.enum(['lesson', 'course']),
  score: z.number(),
  correctCount: z.number().int(),
  questionCount: z.number().int(),
  passMark: z.number().int(),
  passed: z.boolean(),
  feedback: z.array(questionFeedbackSchema),
  /** Lessons whose questions went wrong: what to review. */
  reviewLessons: z.array(z.object({ slug: z.string(), title: z.string() })),
  certificateId: z.uuid().nullable(),
});
export type TestResult = z.infer<typeof testResultSchema>;

// ---- essays ----

export const essayParamsSchema = z.object({ slug: slugSchema, essayId: contentIdSchema });
export const essayInputSchema = z.object({
  text: longText(ESSAY_MAX_LENGTH, 'courses:essay.tooLongLimit').trim().min(1, 'courses:essay.required'),
  lang: z.enum(locales).default('en'),
});
export type EssayInput = z.infer<typeof essayInputSchema>;

/** The language model's view of an essay, beside the offline one (only with an LLM configured). */
export const llmEssayReviewSchema = z.object({
  model: z.string(),
  /** The model's overall score (weighted like the offline one), over the criteria it supported. */
  score: z.number().nullable(),
  criteria: z.array(
    z.object({
      id: z.string(),
      score: z.number().nullable(),
      /** The essay's words the model based the score on; checked to be in the essay. */
      quote: z.string().nullable(),
      comment: z.string(),
      citation: courseCitationSchema.nullable(),
      /** False when the model's quote is not in the essay or its citation is not a rubric source. */
      supported: z.boolean(),
      /** The model and the offline evaluation differ by 30 points or more on this criterion. */
      disagrees: z.boolean(),
    }),
  ),
  /** Set when the model could not be asked; the offline evaluation stands alone. */
  failure: z.string().nullable(),
});
export type LlmEssayReview = z.infer<typeof llmEssayReviewSchema>;

export const essayEvaluationSchema = z.object({
  score: z.number(),
  wordCount: z.number().int(),
  lengthIssue: z.enum(['tooShort', 'tooLong']).nullable(),
  criteria: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      score: z.number(),
      weight: z.number(),
      concepts: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          found: z.boolean(),
          /** The essay's sentence that shows the concept. */
          evidence: z.string().nullable(),
          source: courseCitationSchema.nullable(),
        }),
      ),
      misconceptions: z.array(z.object({ evidence: z.string(), correction: z.string() })),
    }),
  ),
  llm: llmEssayReviewSchema.nullable().default(null),
});
export type EssayEvaluation = z.infer<typeof essayEvaluationSchema>;

export const essaySubmissionSchema = z.object({
  id: z.uuid(),
  essayId: z.string(),
  text: z.string(),
  language: z.enum(locales),
  createdAt: z.iso.datetime(),
  evaluation: essayEvaluationSchema,
});
export type EssaySubmission = z.infer<typeof essaySubmissionSchema>;
export const essayPageSchema = z.object({
  id: z.string(),
  courseSlug: z.string(),
  courseTitle: z.string(),
  prompt: z.string(),
  minWords: z.number().int(),
  maxWords: z.number().int(),
  criteria: z.array(z.object({ id: z.string(), title: z.string(), concepts: z.array(z.string()) })),
  submissions: z.array(essaySubmissionSchema),
});
export type EssayPage = z.infer<typeof essayPageSchema>;

// ---- certificates ----

export const certificateParamsSchema = z.object({ id: z.uuid() });
export const certificateQuerySchema = z.object({
  sig: z.string().max(200).default(''),
  lang: z.enum(locales).default('en'),
});
export const certificateVerificationSchema = z.object({
  valid: z.boolean(),
  holder: z.string().nullable(),
  courseTitle: z.string().nullable(),
  score: z.number().nullable(),
  issuedAt: z.iso.datetime().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

// ---- admin ----

export const adminCourseSchema = z.object({
  slug: z.string(),
  title: z.string(),
  published: z.boolean(),
  lessonCount: z.number().int(),
  questionCount: z.number().int(),
  cardCount: z.number().int(),
  learnerCount: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;
export const adminCourseListSchema = z.object({ courses: z.array(adminCourseSchema) });
export const publishCourseInputSchema = z.object({ published: z.boolean() });
export const giftImportInputSchema = z.object({ lesson: slugSchema, text: z.string().min(1).max(200_000) });
export const giftImportResultSchema = z.object({ imported: z.number().int(), skipped: z.array(z.string()) });
