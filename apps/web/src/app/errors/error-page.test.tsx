import { act, screen, waitFor, within } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_STORAGE_KEY, resetReloadGuardForTests } from '@/lib/reload-guard.ts';
import { allowConsoleError } from '@/testing/console-errors.ts';
import { renderRoute } from '@/testing/test-utils.tsx';
import { Root } from '../routes/root.tsx';
import { installGlobalErrorHandlers, resetFatalErrorForTests } from './fatal-error.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

function Boom(): never {
  throw new Error('boom');
}

/** A small route table around the app's root route and its error boundary. */
function routesWith(children: RouteObject[]): RouteObject[] {
  return [{ id: 'root', Component: Root, ErrorBoundary: RouteErrorBoundary, HydrateFallback: () => null, children }];
}

afterEach(() => {
  resetFatalErrorForTests();
  resetReloadGuardForTests();
  vi.restoreAllMocks();
});

describe('error pages (SPEC §2, §8)', () => {
  it('shows Page Not Found with the path for an unknown address', async () => {
    renderRoute('/nope');
    const page = await screen.findByTestId('error-page');
    expect(within(page).getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(within(page).getByText('Page Not Found: /nope')).toBeInTheDocument();
    expect(within(page).getByTestId('error-status')).toHaveTextContent('404');
    // The title follows in an effect after the page renders.
    await waitFor(() => expect(document.title).toBe('Page Not Found · Compliance Assistant'));
    // The minimal layout keeps the language switcher.
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
  });

  it('shows Internal Server Error with status 500 when a page fails to render', async () => {
    // The router and React report the failure on the console, some of it after the page unmounts.
    allowConsoleError(/./);
    renderRoute('/boom', { routes: routesWith([{ path: '/boom', Component: Boom }]) });
    const page = await screen.findByTestId('error-page');
    expect(within(page).getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument();
    expect(within(page).getByTestId('error-status')).toHaveTextContent('500');
    expect(within(page).getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows the status a loader failed with', async () => {
    // The router and React report the failure on the console, some of it after the page unmounts.
    allowConsoleError(/./);
    const unavailable = () => {
      throw new Response(null, { status: 503 });
    };
    renderRoute('/down', { routes: routesWith([{ path: '/down', loader: unavailable, Component: Outlet }]) });
    const page = await screen.findByTestId('error-page');
    expect(within(page).getByTestId('error-status')).toHaveTextContent('503');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Internal Server Error');
  });

  it('switches to the error page on an unhandled error outside React', async () => {
    allowConsoleError(/./);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const uninstall = installGlobalErrorHandlers();
    try {
      renderRoute('/fatf/countries');
      await screen.findByRole('heading', { level: 1, name: 'FATF countries' });
      act(() => {
        window.dispatchEvent(new ErrorEvent('error', { error: new Error('kaboom'), message: 'kaboom' }));
      });
      const page = await screen.findByTestId('error-page');
      expect(within(page).getByTestId('error-status')).toHaveTextContent('500');
      expect(errors).toHaveBeenCalled();
    } finally {
      uninstall();
    }
  });

  it('shows the error page instead of reloading again when a chunk keeps failing (reload guard)', async () => {
    // The router and React report the failure on the console, some of it after the page unmounts.
    allowConsoleError(/./);
    // This path was reloaded for a chunk error a moment ago.
    sessionStorage.setItem(RELOAD_GUARD_STORAGE_KEY, JSON.stringify({ '/stale': Date.now() }));
    const chunkError = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    renderRoute('/stale', { routes: routesWith([{ path: '/stale', lazy: chunkError }]) });
    const page = await screen.findByTestId('error-page');
    expect(within(page).getByTestId('error-status')).toHaveTextContent('500');
  });
});
