import { data, redirect, type MiddlewareFunction } from 'react-router';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-error.ts';
import { clearAuthToken, hasAuthToken, isGuardedPath } from '@/lib/auth-token.ts';
import { queryClient } from '@/lib/query-client.ts';
import { applySessionUser, sessionQueryOptions } from '@/lib/session.ts';

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
 * The user, assistant, authenticated, onboarding and admin layouts need a live, verified session:
 * the token is checked with the server (GET /api/auth/session, once per load, cached). An unknown
 * or expired token goes to /login; an unverified account goes to the code entry.
 */
export const requireSessionMiddleware: MiddlewareFunction = async ({ request }) => {
  if (!hasAuthToken()) throw loginRedirect(request);
  let session;
  try {
    session = await queryClient.ensureQueryData(sessionQueryOptions());
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      clearAuthToken();
      queryClient.clear();
      throw loginRedirect(request);
    }
    // The server cannot be reached: let the screen show its own error instead of signing out.
    return;
  }
  if (!session.user.emailVerified) throw redirect(paths.auth.verifyEmail.getHref());
  await applySessionUser(session.user);
};

/** The catch-all route: every path no other route matches is a 404 (SPEC §2). */
export function notFoundLoader(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}
