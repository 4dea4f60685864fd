import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isChunkLoadError,
  RELOAD_GUARD_INTERVAL_MS,
  reloadOnceForStaleChunk,
  resetReloadGuardForTests,
} from './reload-guard.ts';

afterEach(() => {
  resetReloadGuardForTests();
  vi.useRealTimers();
});

describe('stale-chunk reload guard (SPEC §8)', () => {
  it('allows one reload per path every 10 seconds', () => {
    expect(RELOAD_GUARD_INTERVAL_MS).toBe(10_000);
    vi.useFakeTimers({ now: new Date('2025-03-01T10:00:00Z') });
    const reload = vi.fn();

    expect(reloadOnceForStaleChunk({ path: '/documents', now: Date.now(), reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // A new page load (the reload) starts with a fresh module, but the same session storage.
    resetReloadGuardForTests();
    vi.advanceTimersByTime(RELOAD_GUARD_INTERVAL_MS - 1);
    expect(reloadOnceForStaleChunk({ path: '/documents', now: Date.now(), reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    // Another path has its own allowance.
    expect(reloadOnceForStaleChunk({ path: '/chat', now: Date.now(), reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);

    resetReloadGuardForTests();
    vi.advanceTimersByTime(1);
    expect(reloadOnceForStaleChunk({ path: '/documents', now: Date.now(), reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('recognises the errors of a failed dynamic import', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
