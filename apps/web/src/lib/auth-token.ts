import { useSyncExternalStore } from 'react';
import { paths } from '@/config/paths.ts';

/**
 * The session token lives in localStorage under `auth_token` (SPEC §5, DESIGN §5). The route guard,
 * the API client and the chrome all read it through this module, never through localStorage directly.
 */
export const AUTH_TOKEN_KEY = 'auth_token';

/** Display name of the signed-in user, kept beside the token for the chrome (avatar, user menu). */
export const AUTH_USER_NAME_KEY = 'auth_user_name';

/** Paths that need a token no matter which route they match (SPEC §5: "any path beginning /admin or /app"). */
const GUARDED_PREFIXES = ['/admin', '/app'] as const;

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy mode, disabled cookies): behave as signed out.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Ignore: the session then only lasts for this page view.
  }
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The token, or null when it is missing or empty (an empty string counts as missing). */
export function getAuthToken(): string | null {
  const token = read(AUTH_TOKEN_KEY);
  return token && token.trim() !== '' ? token : null;
}

export function hasAuthToken(): boolean {
  return getAuthToken() !== null;
}

export function setAuthToken(token: string): void {
  write(AUTH_TOKEN_KEY, token);
}

/** Ends the session in this browser: forgets the token and the stored user name. */
export function clearAuthToken(): void {
  try {
    window.localStorage.removeItem(AUTH_USER_NAME_KEY);
  } catch {
    // Ignore, see write().
  }
  write(AUTH_TOKEN_KEY, null);
}

export function getStoredUserName(): string | null {
  const name = read(AUTH_USER_NAME_KEY);
  return name && name.trim() !== '' ? name.trim() : null;
}

export function setStoredUserName(name: string | null): void {
  write(AUTH_USER_NAME_KEY, name && name.trim() !== '' ? name.trim() : null);
}

/** Subscribe to token changes in this tab and in other tabs (the `storage` event). */
export function subscribeToAuthToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === AUTH_TOKEN_KEY || event.key === AUTH_USER_NAME_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** True for every path the spec's route guard covers: anything beginning /admin or /app. */
export function isGuardedPath(pathname: string): boolean {
  return GUARDED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** The current token (null when signed out); re-renders when it changes, also from another tab. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToAuthToken, getAuthToken, () => null);
}

/** The stored display name of the signed-in user, or null. */
export function useStoredUserName(): string | null {
  return useSyncExternalStore(subscribeToAuthToken, getStoredUserName, () => null);
}

type UnauthorizedHandler = () => void;

function defaultUnauthorizedHandler(): void {
  const { pathname, search, hash } = window.location;
  if (pathname === paths.auth.login.path) return;
  window.location.assign(paths.auth.login.getHref(`${pathname}${search}${hash}`));
}

let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/**
 * What happens when the server answers 401: by default a full-page redirect to /login; the app
 * replaces it with a client-side navigation once the router exists. Returns a function that restores
 * the previous handler.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = unauthorizedHandler;
  unauthorizedHandler = handler;
  return () => {
    unauthorizedHandler = previous;
  };
}

/** The server no longer knows this session: forget the token and go to /login. */
export function handleUnauthorized(): void {
  clearAuthToken();
  unauthorizedHandler();
}
