import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_TIMEOUT, toast } from './toast-store.ts';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T09:00:00.000Z'));
  });

  afterEach(() => {
    toast.clear();
    vi.useRealTimers();
  });

  it('defaults the id to the creation time in milliseconds and keeps ids unique', () => {
    const now = String(Date.now());
    const first = toast.add({ title: 'First' });
    const second = toast.add({ title: 'Second' });
    const third = toast.add({ title: 'Third', id: now });

    expect(first).toBe(now);
    expect(second).toBe(`${now}-1`);
    expect(third).toBe(`${now}-2`);
    expect(toast.getAll().map((t) => t.id)).toEqual([first, second, third]);
  });

  it('applies the defaults: 5000 ms timeout, primary colour, close button shown', () => {
    const id = toast.add({ title: 'Saved' });
    expect(toast.getAll()).toEqual([
      expect.objectContaining({ id, title: 'Saved', timeout: 5000, color: 'primary', closeButton: true }),
    ]);
    expect(DEFAULT_TOAST_TIMEOUT).toBe(5000);
  });

  it('closes itself after its timeout and runs the callback once', () => {
    const callback = vi.fn();
    toast.add({ title: 'Saved', callback });

    vi.advanceTimersByTime(4999);
    expect(toast.getAll()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toast.getAll()).toHaveLength(0);
    expect(callback).toHaveBeenCalledTimes(1);

    toast.remove('anything');
    vi.advanceTimersByTime(10_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('keeps a toast with timeout 0 until it is removed', () => {
    const callback = vi.fn();
    const id = toast.add({ title: 'Sticky', timeout: 0, callback });
    vi.advanceTimersByTime(60_000);
    expect(toast.getAll()).toHaveLength(1);
    expect(toast.getRemaining(id)).toBeNull();

    toast.remove(id);
    toast.remove(id);
    expect(toast.getAll()).toHaveLength(0);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('pauses the countdown and resumes with the time that was left', () => {
    const id = toast.add({ title: 'Paused', timeout: 3000 });
    vi.advanceTimersByTime(1000);
    toast.pause(id);
    vi.advanceTimersByTime(10_000);
    expect(toast.getRemaining(id)).toBe(2000);
    expect(toast.getAll()).toHaveLength(1);

    toast.resume(id);
    vi.advanceTimersByTime(1999);
    expect(toast.getAll()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toast.getAll()).toHaveLength(0);
  });

  it('clear closes every toast and runs each callback once', () => {
    const first = vi.fn();
    const second = vi.fn();
    toast.add({ title: 'A', callback: first });
    toast.add({ title: 'B', callback: second, timeout: 0 });
    toast.clear();
    vi.advanceTimersByTime(10_000);
    expect(toast.getAll()).toHaveLength(0);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('notifies subscribers on every change', () => {
    const listener = vi.fn();
    const unsubscribe = toast.subscribe(listener);
    const id = toast.add({ title: 'A' });
    toast.remove(id);
    unsubscribe();
    toast.add({ title: 'B' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
