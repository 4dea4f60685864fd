import {
  REVIEW_BATCH_SIZE,
  type CourseContent,
  type EssayPage,
  type EssaySubmission,
  type QuestionContent,
  type QuestionFeedback,
  type ReviewCard,
  type ReviewInput,
  type ReviewOutcome,
  type ReviewSession,
  type SubmitTestInput,
  type TestAnswer,
  type TestResponse,
  type TestResult,
} from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';
import { AppError } from '../../plugins/errors.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import {
  allQuestions,
  correctAnswerText,
  courseCards,
  findLesson,
  ownCardId,
  questionCardId,
  type CardFace,
} from './course-content.ts';
import { citeAll, dueCards, lessonNotFound, retentionOf, visibleCourse, type CoursesDeps } from './course-context.ts';
import type { EssaySubmissionRow } from './courses.repository.ts';
import { gradeEssay } from './essay-grader.ts';
import { scheduleReview, type MemoryState } from './scheduler.ts';
import { matchesShortAnswer } from './text-match.ts';

const trueFalse: Record<Locale, { true: string; false: string }> = {
  en: { true: 'True', false: 'False' },
  de: { true: 'Richtig', false: 'Falsch' },
  fr: { true: 'Vrai', false: 'Faux' },
  it: { true: 'Vero', false: 'Falso' },
};

const cardNotFound = () => new AppError('CARD_NOT_FOUND', 404, 'Card not found');
const questionNotFound = () => new AppError('QUESTION_NOT_FOUND', 404, 'Question not found');
const essayNotFound = () => new AppError('ESSAY_NOT_FOUND', 404, 'Essay question not found');

function isCorrect(question: QuestionContent, answer: TestAnswer | undefined, language: Locale): boolean {
  if (answer === undefined) return false;
  if (question.kind === 'short') {
    if (typeof answer !== 'string') return false;
    return matchesShortAnswer(answer, [...question.accepted[language], ...question.accepted.en]);
  }
  if (!Array.isArray(answer)) return false;
  const given = new Set(answer);
  const expected = new Set<string>(question.correct);
  return given.size === expected.size && [...expected].every((id) => given.has(id));
}

/** Every card the learner could review in a course, by id, in their language. */
async function cardFaces(deps: CoursesDeps, userId: string, course: CourseContent, language: Locale) {
  const ownCards = await deps.repository.listOwnCards(userId, course.slug);
  const faces = new Map<string, CardFace>();
  for (const card of courseCards(course, language)) faces.set(card.id, card);
  for (const card of ownCards) {
    faces.set(ownCardId(card.id), {
      id: ownCardId(card.id),
      origin: 'own',
      lessonSlug: card.lessonSlug,
      front: card.front,
      back: card.back,
      source: undefined,
    });
  }
  for (const { lesson, question } of allQuestions(course)) {
    faces.set(questionCardId(question.id), {
      id: questionCardId(question.id),
      origin: 'question',
      lessonSlug: lesson.slug,
      front: question.prompt[language],
      back: `${correctAnswerText(question, language, trueFalse[language])}\n\n${question.explanation[language]}`,
      source: question.source,
    });
  }
  return { faces, ownCards };
}

/** A stored row's memory state, without its keys. */
function stateOf({
  due,
  stability,
  difficulty,
  scheduledDays,
  learningSteps,
  reps,
  lapses,
  state,
  lastReview,
}: MemoryState): MemoryState {
  return { due, stability, difficulty, scheduledDays, learningSteps, reps, lapses, state, lastReview };
}

function toSubmission(row: EssaySubmissionRow): EssaySubmission {
  return {
    id: row.id,
    essayId: row.essayId,
    text: row.text,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    evaluation: row.evaluation,
  };
}

/** Practice: flashcard reviews on FSRS, self-tests, essays. */
export function createCoursePracticeService(
  deps: CoursesDeps,
  onFinalTestPassed: (caller: UserActor, slug: string) => Promise<string | null>,
) {
  const { access, repository } = deps;

  /** Reviews one card and stores the new memory state with its log. */
  async function review(
    userId: string,
    slug: string,
    cardId: string,
    result: 'got' | 'missed',
  ): Promise<ReviewOutcome> {
    const now = deps.now();
    const [existing, retention] = await Promise.all([
      repository.findState(userId, slug, cardId),
      retentionOf(deps, userId),
    ]);
    const { next, log } = scheduleReview(existing ? stateOf(existing) : null, result, now, retention);
    await repository.recordReview({ userId, courseSlug: slug, cardId }, next, { ...log, reviewedAt: now });
    return {
      cardId,
      due: next.due.toISOString(),
      intervalDays: Math.round(((next.due.getTime() - now.getTime()) / 86_400_000) * 1000) / 1000,
      reps: next.reps,
      lapses: next.lapses,
    };
  }

  return {
    /** The cards due now: reviewed ones past their date first, then new cards of the lessons read. */
    async reviewSession(actor: Actor, { slug, lang }: { slug: string; lang: Locale }): Promise<ReviewSession> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, slug);
      const course = row.content;
      const now = deps.now();
      const [{ faces, ownCards }, states, reads] = await Promise.all([
        cardFaces(deps, caller.user.id, course, lang),
        repository.listStates(caller.user.id, slug),
        repository.listReads(caller.user.id, slug),
      ]);
      const lessonsRead = new Set(reads.map((read) => read.lessonSlug));
      const { due } = dueCards(course, states, ownCards, lessonsRead, now);
      const stateById = new Map(states.map((state) => [state.cardId, state]));
      const ordered = due
        .filter((id) => faces.has(id))
        .sort((a, b) => {
          const da = stateById.get(a)?.due.getTime() ?? Number.POSITIVE_INFINITY;
          const db = stateById.get(b)?.due.getTime() ?? Number.POSITIVE_INFINITY;
          return da - db;
        });
      const batch = ordered.slice(0, REVIEW_BATCH_SIZE);
      const cite = await citeAll(
        deps,
        batch.map((id) => faces.get(id)!.source),
        lang,
      );
      const cards: ReviewCard[] = batch.map((id) => {
        const face = faces.get(id)!;
        const state = stateById.get(id);
        return {
          id,
          origin: face.origin,
          lessonSlug: face.lessonSlug,
          front: face.front,
          back: face.back,
          source: cite(face.source),
          isNew: !state,
          due: (state?.due ?? now).toISOString(),
        };
      });
      const shown = new Set(ordered);
      const later = states.filter((state) => !shown.has(state.cardId)).map((state) => state.due.getTime());
      return {
        cards,
        dueCount: ordered.length,
        nextDue: later.length > 0 ? new Date(Math.min(...later)).toISOString() : null,
      };
    },

    /** 'I got it' or 'I did not get it' on one card. */
    async reviewCard(actor: Actor, input: { slug: string } & ReviewInput): Promise<ReviewOutcome> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, input.slug);
      const { faces } = await cardFaces(deps, caller.user.id, row.content, 'en');
      if (!faces.has(input.cardId)) throw cardNotFound();
      return review(caller.user.id, input.slug, input.cardId, input.result);
    },

    /** A lesson's questions, or the whole course's (the final test) — without their answers. */
    async getTest(actor: Actor, input: { slug: string; lesson?: string; lang: Locale }): Promise<TestResponse> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, input.slug);
      if (input.lesson && !findLesson(row.content, input.lesson)) throw lessonNotFound();
      const labels = trueFalse[input.lang];
      const questions = allQuestions(row.content)
        .filter(({ lesson }) => !input.lesson || lesson.slug === input.lesson)
        .map(({ lesson, question }) => ({
          id: question.id,
          lessonSlug: lesson.slug,
          kind: question.kind,
          prompt: question.prompt[input.lang],
          options:
            question.kind === 'single' || question.kind === 'multiple'
              ? question.options.map((option) => ({ id: option.id, text: option.text[input.lang] }))
              : question.kind === 'true_false'
                ? [
                    { id: 'true', text: labels.true },
                    { id: 'false', text: labels.false },
                  ]
                : [],
        }));
      return {
        scope: input.lesson ? 'lesson' : 'course',
        lessonSlug: input.lesson ?? null,
        passMark: row.content.passMark,
        questions,
      };
    },

    /** Immediate feedback on one answer (nothing is recorded until the test is handed in). */
    async checkAnswer(
      actor: Actor,
      input: { slug: string; questionId: string; answer: TestAnswer; lang: Locale },
    ): Promise<QuestionFeedback> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, input.slug);
      const found = allQuestions(row.content).find(({ question }) => question.id === input.questionId);
      if (!found) throw questionNotFound();
      const cite = await citeAll(deps, [found.question.source], input.lang);
      return {
        questionId: found.question.id,
        correct: isCorrect(found.question, input.answer, input.lang),
        correctAnswer: correctAnswerText(found.question, input.lang, trueFalse[input.lang]),
        explanation: found.question.explanation[input.lang],
        source: cite(found.question.source),
      };
    },

    /**
     * Hands a test in: each answer marked with its explanation, the score stored, and every question
     * answered wrong fed to the memory model (it comes back in the reviews, like a card missed).
     */
    async submitTest(actor: Actor, input: { slug: string } & SubmitTestInput): Promise<TestResult> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, input.slug);
      const course = row.content;
      if (input.lesson && !findLesson(course, input.lesson)) throw lessonNotFound();
      const questions = allQuestions(course).filter(({ lesson }) => !input.lesson || lesson.slug === input.lesson);
      const known = new Set(questions.map(({ question }) => question.id));
      const unknown = Object.keys(input.answers).find((id) => !known.has(id));
      if (unknown) throw questionNotFound();

      const cite = await citeAll(
        deps,
        questions.map(({ question }) => question.source),
        input.lang,
      );
      const feedback = questions.map(({ question }) => ({
        questionId: question.id,
        correct: isCorrect(question, input.answers[question.id], input.lang),
        correctAnswer: correctAnswerText(question, input.lang, trueFalse[input.lang]),
        explanation: question.explanation[input.lang],
        source: cite(question.source),
      }));
      const correctCount = feedback.filter((entry) => entry.correct).length;
      const score = questions.length === 0 ? 0 : Math.round((correctCount / questions.length) * 1000) / 10;
      const passed = score >= course.passMark;
      const id = await repository.insertAttempt({
        userId: caller.user.id,
        courseSlug: input.slug,
        lessonSlug: input.lesson ?? null,
        answers: input.answers,
        score,
        passed,
        createdAt: deps.now(),
      });

      // Wrong answers become due reviews; right answers to a question already in the reviews count as recalled.
      const states = new Set((await repository.listStates(caller.user.id, input.slug)).map((state) => state.cardId));
      for (const entry of feedback) {
        const cardId = questionCardId(entry.questionId);
        if (!entry.correct) await review(caller.user.id, input.slug, cardId, 'missed');
        else if (states.has(cardId)) await review(caller.user.id, input.slug, cardId, 'got');
      }

      const wrongLessons = new Set(
        questions.filter((_, index) => !feedback[index]!.correct).map(({ lesson }) => lesson.slug),
      );
      const certificateId = !input.lesson && passed ? await onFinalTestPassed(caller, input.slug) : null;
      return {
        id,
        scope: input.lesson ? 'lesson' : 'course',
        score,
        correctCount,
        questionCount: questions.length,
        passMark: course.passMark,
        passed,
        feedback,
        reviewLessons: course.lessons
          .filter((lesson) => wrongLessons.has(lesson.slug))
          .map((lesson) => ({ slug: lesson.slug, title: lesson.title[input.lang] })),
        certificateId,
      };
    },

    async getEssay(actor: Actor, input: { slug: string; essayId: string; lang: Locale }): Promise<EssayPage> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, input.slug);
      const essay = row.content.essays.find((entry) => entry.id === input.essayId);
      if (!essay) throw essayNotFound();
      const submissions = await repository.listSubmissions(caller.user.id, input.slug, input.essayId);
      return {
        id: essay.id,
        courseSlug: row.slug,
        courseTitle: row.content.title[input.lang],
        prompt: essay.prompt[input.lang],
        minWords: essay.minWords,
        maxWords: essay.maxWords,
        criteria: essay.criteria.map((criterion) => ({
          id: criterion.id,
          title: criterion.title[input.lang],
          concepts: criterion.concepts.map((concept) => concept.label[input.lang]),
        })),
        submissions: submissions.map(toSubmission),
      };
    },

    /** Evaluates an essay against its rubric (offline, deterministic) and keeps it; resubmitting adds a new one. */
    async submitEssay(
      actor: Actor,
      input: { slug: string; essayId: string; text: string; lang: Locale },
    ): Promise<EssaySubmission> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, input.slug);
      const essay = row.content.essays.find((entry) => entry.id === input.essayId);
      if (!essay) throw essayNotFound();
      const sources = essay.criteria.flatMap((criterion) => criterion.concepts.map((concept) => concept.source));
      const cite = await citeAll(deps, sources, input.lang);
      const evaluation = gradeEssay(essay, input.text, input.lang, { citation: cite });
      if (evaluation.wordCount > essay.maxWords * 2) {
        throw new AppError('ESSAY_TOO_LONG', 400, `Essays may be at most ${essay.maxWords * 2} words`);
      }
      if (deps.essayReviewer) {
        const seen = new Set<string>();
        const numbered = sources.flatMap((source) => {
          const citation = cite(source);
          const key = citation ? `${citation.fileId}:${citation.section}` : '';
          if (!citation || seen.has(key)) return [];
          seen.add(key);
          return [{ number: seen.size, citation }];
        });
        evaluation.llm = await deps.essayReviewer(essay, input.text, input.lang, evaluation, numbered);
      }
      const stored = await repository.insertSubmission({
        userId: caller.user.id,
        courseSlug: input.slug,
        essayId: essay.id,
        text: input.text,
        language: input.lang,
        evaluation,
        score: evaluation.score,
        createdAt: deps.now(),
      });
      return toSubmission(stored);
    },
  };
}
