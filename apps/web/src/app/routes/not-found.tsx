import { useLocation } from 'react-router';
import { NotFoundPage } from '../errors/error-page.tsx';

/**
 * The catch-all route. Its loader (guards.ts) throws a 404 so the root error boundary renders the
 * not-found page; this component only renders if a 404 is ever handled without that loader.
 */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} />;
}
