import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { Resource, ResourceLanguage } from 'i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider.tsx';
import { routes as appRoutes } from '@/app/router.tsx';
import { AUTH_TOKEN_KEY, AUTH_USER_NAME_KEY } from '@/lib/auth-token.ts';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { createQueryClient } from '@/lib/query-client.ts';

// Every locale file, bundled: tests need no lazy loading and can switch language synchronously.
const localeModules = import.meta.glob<ResourceLanguage>('../locales/*/*.json', { eager: true, import: 'default' });

export const testResources: Resource = {};
for (const [file, content] of Object.entries(localeModules)) {
  const match = /\.\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, locale = '', namespace = ''] = match;
  testResources[locale] ??= {};
  testResources[locale][namespace] = content;
}

let initialised = false;

/** Initialises the app's i18n instance synchronously in English (once), or resets it to English. */
export function setupTestI18n(): typeof i18n {
  if (!initialised) {
    initialised = true;
    void initI18n({ resources: testResources, lng: 'en' });
  } else if (i18n.language !== 'en') {
    void i18n.changeLanguage('en');
  }
  return i18n;
}

export interface RenderRouteOptions {
  /** The route table; default the app's. */
  routes?: RouteObject[];
  /** Stored in localStorage.auth_token before rendering ('' counts as missing). Default: none. */
  token?: string;
  /** Stored as the signed-in user's display name. */
  userName?: string;
}

export interface RenderRouteResult extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  user: UserEvent;
}

/**
 * Renders the app (providers, toaster, error handling) with a memory data router at `path`.
 * Await `screen.findBy…` for lazy routes to settle.
 */
export function renderRoute(
  path: string,
  { routes = appRoutes, token, userName }: RenderRouteOptions = {},
): RenderRouteResult {
  setupTestI18n();
  if (token !== undefined) localStorage.setItem(AUTH_TOKEN_KEY, token);
  if (userName !== undefined) localStorage.setItem(AUTH_USER_NAME_KEY, userName);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <AppProvider queryClient={queryClient} checkBuildVersion={false}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user: userEvent.setup() };
}
