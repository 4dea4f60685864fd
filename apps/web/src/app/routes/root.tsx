import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { setUnauthorizedHandler } from '@/lib/auth-token.ts';
import { useDocumentTitle, usePageTitle } from '../chrome/page-title.ts';
import { MAIN_CONTENT_ID } from '../chrome/skip-link.tsx';

/** A thin bar at the top while the next page (its chunk or its data) is loading. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[150] h-0.5 overflow-hidden bg-primary-100">
      <div className="h-full w-1/3 animate-pulse bg-primary-600 motion-reduce:animate-none" />
    </div>
  );
}

/**
 * After a client-side navigation, move focus to the new page's main landmark (as a full page load
 * would reset it) and let a live region announce the new title.
 */
function RouteFocus({ title }: { title: string | null }) {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (hash) return; // The browser scrolls to the anchor; leave focus alone.
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname, hash]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only">
      {title}
    </div>
  );
}

/** A 401 from the API ends the session and goes to /login without reloading the app. */
function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        const { pathname, search, hash } = window.location;
        if (pathname === paths.auth.login.path) return;
        void navigate(paths.auth.login.getHref(`${pathname}${search}${hash}`), { replace: true });
      }),
    [navigate],
  );
}

/** The root route: document title, focus and scroll handling, then the matched layout. */
export function Root() {
  const title = usePageTitle();
  useDocumentTitle(title);
  useUnauthorizedRedirect();
  return (
    <>
      <NavigationProgress />
      <RouteFocus title={title} />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
