import { describe, expect, it, vi } from 'vitest';
import { createAutosaver, type AutosaveState } from './use-autosave.ts';

describe('createAutosaver', () => {
  it('saves the last value once after the pause, and a change made while saving right after', async () => {
    vi.useFakeTimers();
    try {
      const saved: string[] = [];
      const states: AutosaveState[] = [];
      let release: () => void = () => undefined;
      const autosaver = createAutosaver(
        (value) => {
          saved.push(value);
          return new Promise<void>((resolve) => {
            release = resolve;
          });
        },
        (state) => states.push(state),
        800,
      );
      autosaver.change('a');
      autosaver.change('ab');
      await vi.advanceTimersByTimeAsync(800);
      expect(saved).toEqual(['ab']);
      autosaver.change('abc');
      const flushing = autosaver.flush();
      release();
      await flushing;
      await vi.waitFor(() => expect(saved).toEqual(['ab', 'abc']));
      release();
      await vi.waitFor(() => expect(states.at(-1)).toBe('saved'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports an error and keeps going', async () => {
    const states: AutosaveState[] = [];
    const autosaver = createAutosaver(
      () => Promise.reject(new Error('offline')),
      (state) => states.push(state),
      10,
    );
    autosaver.change('x');
    await autosaver.flush();
    expect(states).toEqual(['pending', 'saving', 'error']);
  });
});
