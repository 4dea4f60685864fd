import { data, redirect, type MiddlewareFunction } from 'react-router';
import { paths } from '@/config/paths.ts';
import { hasAuthToken, isGuardedPath } from '@/lib/auth-token.ts';

/**
 * Route guards. They are route middleware rather than loaders because middleware runs on every
 * navigation, also between two pages of the same layout (a layout's loader would not run again).
 */

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(paths.auth.login.getHref(`${url.pathname}${url.search}${url.hash}`));
}

/**
 * SPEC §5, exactly: any path beginning /admin or /app needs a non-empty token in
 * localStorage.auth_token; without one the user is sent to /login (?redirectTo= the path asked for).
 * Sits on the root route, so it also covers paths that match no route.
 */
export const guardedPathMiddleware: MiddlewareFunction = ({ request }) => {
  if (isGuardedPath(new URL(request.url).pathname) && !hasAuthToken()) throw loginRedirect(request);
};

/**
 * The user, assistant, authenticated, onboarding and admin layouts need a session. For now a
 * session is a non-empty token; the accounts issue will verify it against /api.
 */
export const requireSessionMiddleware: MiddlewareFunction = ({ request }) => {
  if (!hasAuthToken()) throw loginRedirect(request);
};

/** The catch-all route: every path no other route matches is a 404 (SPEC §2). */
export function notFoundLoader(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}
