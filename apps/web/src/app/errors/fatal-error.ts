import { useSyncExternalStore } from 'react';
import { isChunkLoadError, reloadOnceForStaleChunk } from '@/lib/reload-guard.ts';

/**
 * SPEC §4: "A fatal or unhandled error switches the app to the error page." Errors that escape
 * React (window `error`, `unhandledrejection`) are reported here; the app provider then renders the
 * Internal Server Error page instead of the router.
 */
interface FatalState {
  error: unknown;
}

let state: FatalState | null = null;
const listeners = new Set<() => void>();

export function reportFatalError(error: unknown): void {
  if (state) return; // The first error is the one that matters; later ones are usually its echoes.
  state = { error };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): FatalState | null {
  return state;
}

export function useFatalError(): FatalState | null {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Test hook. */
export function resetFatalErrorForTests(): void {
  state = null;
  for (const listener of listeners) listener();
}

// Noise that is not an application failure: layout observers, and scripts from other origins
// (browser extensions) whose details the browser hides.
const benignMessages = [/ResizeObserver loop/i, /^Script error\.?$/i];

function isBenign(message: string, error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  return error == null && benignMessages.some((pattern) => pattern.test(message));
}

function handle(error: unknown, source: string): void {
  if (isChunkLoadError(error)) {
    // A lazy chunk of an outdated build: reload once (guarded); a repeat is a real failure.
    if (reloadOnceForStaleChunk()) return;
  }
  console.error(`[app] unhandled ${source}`, error);
  reportFatalError(error);
}

/** Listens for errors that escape React. Returns a function that stops listening. */
export function installGlobalErrorHandlers(): () => void {
  const onError = (event: ErrorEvent) => {
    if (isBenign(event.message, event.error)) return;
    handle(event.error ?? new Error(event.message), 'error');
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isBenign('', event.reason)) return;
    handle(event.reason, 'promise rejection');
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
