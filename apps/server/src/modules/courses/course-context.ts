import {
  DEFAULT_DESIRED_RETENTION,
  courseContentSchema,
  type CourseContent,
  type CourseProgress,
  type CourseSource,
} from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import { isAdmin } from '../access/access.ts';
import type { UserActor } from '../access/actor.ts';
import { createCitationResolver, type CiteSource, type SeededSectionsLookup } from './course-citations.ts';
import { cardCount, ownCardId } from './course-content.ts';
import type { LlmEssayReviewer } from './essay-llm-review.ts';
import type { CardStateRow, CourseRow, CoursesRepository } from './courses.repository.ts';

export interface CoursesDeps {
  access: Access;
  repository: CoursesRepository;
  knowledge: SeededSectionsLookup;
  /** The clock: reviews are scheduled from it (tests move it forward by days). */
  now: () => Date;
  /** The key certificates are signed with. */
  certificateKey: () => Promise<Buffer>;
  publicUrl: string;
  /** With an LLM configured: a second, model-made review of essays beside the offline one. */
  essayReviewer: LlmEssayReviewer | null;
}

export const courseNotFound = () => new AppError('COURSE_NOT_FOUND', 404, 'Course not found');
export const lessonNotFound = () => new AppError('LESSON_NOT_FOUND', 404, 'Lesson not found');

/** Parsed course content per app, by slug and version (a course is a sizeable document; it changes rarely). */
const parsedContents = new WeakMap<CoursesDeps, Map<string, { updatedAt: number; content: CourseContent }>>();

/** A course the caller may see: published ones, and every one for admins. */
export async function visibleCourse(deps: CoursesDeps, actor: UserActor, slug: string): Promise<CourseRow> {
  const row = await deps.repository.findCourse(slug);
  if (!row || (!row.published && !isAdmin(actor))) throw courseNotFound();
  // Stored content was checked on the way in; parsing again fills defaults a later schema added.
  let parsedContent = parsedContents.get(deps);
  if (!parsedContent) parsedContents.set(deps, (parsedContent = new Map()));
  const cached = parsedContent.get(slug);
  if (cached && cached.updatedAt === row.updatedAt.getTime()) return { ...row, content: cached.content };
  const content = courseContentSchema.parse(row.content);
  parsedContent.set(slug, { updatedAt: row.updatedAt.getTime(), content });
  return { ...row, content };
}

export function citeAll(
  deps: CoursesDeps,
  sources: Array<CourseSource | undefined>,
  language: Locale,
): Promise<CiteSource> {
  return createCitationResolver(deps.knowledge, sources, language);
}

export async function retentionOf(deps: CoursesDeps, userId: string): Promise<number> {
  return (await deps.repository.desiredRetention(userId)) ?? DEFAULT_DESIRED_RETENTION;
}

/**
 * Cards in their learning steps (minutes apart) are shown this much early, as Anki's "learn ahead"
 * does: a card missed a moment ago comes back in the same sitting instead of after it.
 */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;

function isDue(state: CardStateRow, now: Date): boolean {
  const learning = state.state === 1 || state.state === 3;
  return state.due.getTime() <= now.getTime() + (learning ? LEARN_AHEAD_MS : 0);
}

/** Which of the course's cards are due now: reviewed cards past their date, and new cards of lessons read. */
export function dueCards(
  course: CourseContent,
  states: CardStateRow[],
  ownCards: { id: string; lessonSlug: string }[],
  lessonsRead: ReadonlySet<string>,
  now: Date,
): { due: string[]; total: number } {
  const stateOf = new Map(states.map((state) => [state.cardId, state]));
  const unlocked = [
    ...course.lessons
      .filter((lesson) => lessonsRead.has(lesson.slug))
      .flatMap((lesson) => lesson.flashcards.map((card) => card.id)),
    ...ownCards.map((card) => ownCardId(card.id)),
  ];
  const due = new Set<string>();
  for (const id of unlocked) {
    const state = stateOf.get(id);
    if (!state || isDue(state, now)) due.add(id);
  }
  for (const state of states) if (isDue(state, now)) due.add(state.cardId);
  return { due: [...due], total: cardCount(course) + ownCards.length };
}

/** The learner's progress in a course; `bestScores` when the caller already read them for every course. */
export async function progressOf(
  deps: CoursesDeps,
  userId: string,
  row: CourseRow,
  bestScores?: Map<string, number>,
): Promise<CourseProgress> {
  const course = row.content;
  const [reads, states, ownCards, best, certificate] = await Promise.all([
    deps.repository.listReads(userId, row.slug),
    deps.repository.listStates(userId, row.slug),
    deps.repository.listOwnCards(userId, row.slug),
    bestScores ?? deps.repository.bestFinalScores(userId),
    deps.repository.findCertificate(userId, row.slug),
  ]);
  const lessonsRead = new Set(
    reads.map((read) => read.lessonSlug).filter((slug) => course.lessons.some((l) => l.slug === slug)),
  );
  const cards = dueCards(course, states, ownCards, lessonsRead, deps.now());
  const bestScore = best.get(row.slug) ?? null;
  const passed = bestScore !== null && bestScore >= course.passMark;
  return {
    lessonsRead: lessonsRead.size,
    lessonCount: course.lessons.length,
    cardsDue: cards.due.length,
    cardsTotal: cards.total,
    bestScore,
    passed,
    completed: passed && lessonsRead.size === course.lessons.length,
    certificateId: certificate?.id ?? null,
  };
}
