import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { canReloadForStaleChunk, isChunkLoadError, reloadOnceForStaleChunk } from '@/lib/reload-guard.ts';
import { FullPageSpinner } from '../chrome/full-page-spinner.tsx';
import { InternalErrorPage, NotFoundPage } from './error-page.tsx';

/**
 * The root route's error boundary: unknown paths → 404 page; a lazy chunk that failed to load →
 * one guarded reload (SPEC §8); anything else → Internal Server Error with its status (default 500).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const staleChunk = !notFound && isChunkLoadError(error);
  const reloading = staleChunk && canReloadForStaleChunk(pathname);

  useEffect(() => {
    if (notFound) return;
    if (reloading && reloadOnceForStaleChunk({ path: pathname })) return;
    console.error('[router] error while rendering', pathname, error);
  }, [error, notFound, pathname, reloading]);

  if (notFound) return <NotFoundPage path={pathname} />;
  if (reloading) return <FullPageSpinner />;
  const status = isRouteErrorResponse(error) && error.status >= 400 ? error.status : 500;
  return <InternalErrorPage status={status} error={error} />;
}
