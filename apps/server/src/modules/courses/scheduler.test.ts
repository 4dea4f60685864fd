import { describe, expect, it } from 'vitest';
import { scheduleReview, type MemoryState } from './scheduler.ts';

const day = 86_400_000;
const start = new Date('2026-01-05T09:00:00Z');

/** Reviews a card at each due date with the given results; returns the intervals in days. */
function simulate(results: ('got' | 'missed')[], retention = 0.9): { intervals: number[]; state: MemoryState } {
  let state: MemoryState | null = null;
  let now = start;
  const intervals: number[] = [];
  for (const result of results) {
    const { next } = scheduleReview(state, result, now, retention);
    intervals.push((next.due.getTime() - now.getTime()) / day);
    state = next;
    now = next.due;
  }
  return { intervals, state: state! };
}

describe('scheduling with FSRS', () => {
  it('is deterministic: the same answers on the same dates give the same due dates', () => {
    expect(simulate(['got', 'got', 'got', 'missed', 'got']).intervals).toEqual(
      simulate(['got', 'got', 'got', 'missed', 'got']).intervals,
    );
  });

  it('grows the interval with every card the learner got, once out of the learning steps', () => {
    const { intervals } = simulate(['got', 'got', 'got', 'got', 'got', 'got']);
    const reviewIntervals = intervals.filter((interval) => interval >= 1);
    expect(reviewIntervals.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < reviewIntervals.length; i += 1) {
      expect(reviewIntervals[i]).toBeGreaterThan(reviewIntervals[i - 1]!);
    }
  });

  it('shrinks the interval and counts a lapse when the learner did not get a known card', () => {
    const known = simulate(['got', 'got', 'got', 'got']);
    const lastInterval = known.intervals.at(-1)!;
    const { next } = scheduleReview(known.state, 'missed', known.state.due, 0.9);
    expect(next.lapses).toBe(known.state.lapses + 1);
    expect((next.due.getTime() - known.state.due.getTime()) / day).toBeLessThan(lastInterval);
    expect(next.stability).toBeLessThan(known.state.stability);
  });

  it("treats 'I did not get it' as Again (a lapse), never as Hard", () => {
    const known = simulate(['got', 'got', 'got']);
    const { log } = scheduleReview(known.state, 'missed', known.state.due, 0.9);
    expect(log.rating).toBe(1);
    expect(scheduleReview(known.state, 'got', known.state.due, 0.9).log.rating).toBe(3);
  });

  it('schedules sooner for a higher desired retention', () => {
    const relaxed = simulate(['got', 'got', 'got', 'got'], 0.8).intervals.at(-1)!;
    const strict = simulate(['got', 'got', 'got', 'got'], 0.95).intervals.at(-1)!;
    expect(strict).toBeLessThan(relaxed);
  });
});
