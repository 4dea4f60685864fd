/**
 * Stale-build recovery (SPEC §8, DESIGN §5): when a lazy page chunk fails to load — usually because a
 * new build replaced the old files — reload the page, but at most once per 10 s for the same path so
 * a chunk that is really broken shows the error page instead of reloading forever.
 */
export const RELOAD_GUARD_INTERVAL_MS = 10_000;

/** sessionStorage key of the map path → time of the last chunk-error reload (ms since epoch). */
export const RELOAD_GUARD_STORAGE_KEY = 'chunk_reload_guard';

type ReloadTimes = Record<string, number>;

function readTimes(): ReloadTimes {
  try {
    const raw = window.sessionStorage.getItem(RELOAD_GUARD_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

function writeTimes(times: ReloadTimes, now: number): void {
  // Forget entries older than the window so the map cannot grow without bound.
  const fresh = Object.fromEntries(Object.entries(times).filter(([, time]) => now - time < RELOAD_GUARD_INTERVAL_MS));
  try {
    window.sessionStorage.setItem(RELOAD_GUARD_STORAGE_KEY, JSON.stringify(fresh));
  } catch {
    // Without sessionStorage the guard cannot remember; reloadOnceForStaleChunk() then refuses.
  }
}

let reloadPending = false;

/** True once a reload has been started; error screens render nothing meanwhile instead of flashing. */
export function isReloadPending(): boolean {
  return reloadPending;
}

/** Whether the guard would allow a reload of this path now (reads only; nothing is recorded). */
export function canReloadForStaleChunk(path = window.location.pathname, now = Date.now()): boolean {
  if (reloadPending) return true;
  const last = readTimes()[path];
  return last === undefined || now - last < 0 || now - last >= RELOAD_GUARD_INTERVAL_MS;
}

export interface ReloadOptions {
  path?: string;
  now?: number;
  reload?: () => void;
}

/**
 * Reloads the page unless this path was already reloaded for a chunk error in the last 10 s.
 * Returns whether it reloaded; `false` means the caller must show the error page.
 */
export function reloadOnceForStaleChunk({
  path = window.location.pathname,
  now = Date.now(),
  reload = () => window.location.reload(),
}: ReloadOptions = {}): boolean {
  if (reloadPending) return true;
  if (!canReloadForStaleChunk(path, now)) return false;
  const times = readTimes();
  times[path] = now;
  writeTimes(times, now);
  // If the time could not be stored, reloading could loop: only reload when it was remembered.
  if (readTimes()[path] !== now) return false;
  reloadPending = true;
  reload();
  return true;
}

const chunkErrorPatterns = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite's CSS preload
  /loading (css )?chunk .* failed/i,
  /'text\/html' is not a valid javascript mime type/i, // the SPA fallback answered for a missing chunk
];

/** True for the errors browsers raise when a dynamic import (a lazy route chunk) cannot be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return chunkErrorPatterns.some((pattern) => pattern.test(error.message));
}

/** Test hook: forget a pending reload. */
export function resetReloadGuardForTests(): void {
  reloadPending = false;
}
