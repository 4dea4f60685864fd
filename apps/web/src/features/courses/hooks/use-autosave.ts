import { useEffect, useState } from 'react';

export type AutosaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/**
 * Saves a value a moment after the last change, one save at a time: a change made while saving is
 * saved next. Plain code (no React), so its order of events can be tested without a component.
 */
export function createAutosaver(
  save: (value: string) => Promise<unknown>,
  onState: (state: AutosaveState) => void,
  delayMs: number,
) {
  let pending: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  async function flush(): Promise<void> {
    clearTimeout(timer);
    if (running || pending === null) return;
    const value = pending;
    pending = null;
    running = true;
    onState('saving');
    try {
      await save(value);
      onState(pending === null ? 'saved' : 'pending');
    } catch {
      onState('error');
    } finally {
      running = false;
    }
    if (pending !== null) await flush();
  }

  function change(value: string): void {
    pending = value;
    onState('pending');
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delayMs);
  }

  return { change, flush };
}

/**
 * Autosave for a field: `change` on every edit, `flush` on blur; what is pending is saved on unmount
 * too. `save` is taken once, on mount: pass one that stays valid (e.g. a mutation for a fixed id).
 */
export function useAutosave(save: (value: string) => Promise<unknown>, delayMs = 800) {
  const [state, setState] = useState<AutosaveState>('idle');
  const [autosaver] = useState(() => createAutosaver(save, setState, delayMs));
  useEffect(() => () => void autosaver.flush(), [autosaver]);
  return { state, change: autosaver.change, flush: autosaver.flush };
}
