import type { ReviewResult } from '@compliance/shared/courses';
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade, type State } from 'ts-fsrs';

/** A card's memory state as stored (course_card_states without its keys). */
export interface MemoryState {
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

export interface ScheduledReview {
  next: MemoryState;
  log: { rating: Grade; stateBefore: number; elapsedDays: number; scheduledDays: number };
}

/**
 * The learner's two answers as FSRS grades: 'I got it' is Good, 'I did not get it' is Again — never
 * Hard, which FSRS counts as a success and would lengthen the interval of a forgotten card.
 */
export const ratingOf: Record<ReviewResult, Grade> = { got: Rating.Good, missed: Rating.Again };

function toCard(state: MemoryState | null, now: Date): Card {
  if (!state) return createEmptyCard(now);
  return {
    due: state.due,
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: 0,
    scheduled_days: state.scheduledDays,
    learning_steps: state.learningSteps,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state as State,
    ...(state.lastReview ? { last_review: state.lastReview } : {}),
  };
}

/**
 * The next state of a card after a review at `now` (null: the card's first review). Fuzz is off, so
 * the same history always gives the same dates — tests and learners can rely on them.
 */
export function scheduleReview(
  state: MemoryState | null,
  result: ReviewResult,
  now: Date,
  desiredRetention: number,
): ScheduledReview {
  const scheduler = fsrs(generatorParameters({ request_retention: desiredRetention, enable_fuzz: false }));
  const rating = ratingOf[result];
  const { card, log } = scheduler.next(toCard(state, now), now, rating);
  return {
    next: {
      due: card.due,
      stability: card.stability,
      difficulty: card.difficulty,
      scheduledDays: card.scheduled_days,
      learningSteps: card.learning_steps,
      reps: card.reps,
      lapses: card.lapses,
      state: card.state,
      lastReview: card.last_review ?? now,
    },
    log: {
      rating,
      stateBefore: log.state,
      elapsedDays: state?.lastReview
        ? Math.max(0, Math.floor((now.getTime() - state.lastReview.getTime()) / 86_400_000))
        : 0,
      scheduledDays: card.scheduled_days,
    },
  };
}
