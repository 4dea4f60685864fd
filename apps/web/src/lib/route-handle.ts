import type { Namespace } from './i18n.ts';

/**
 * What every route module exports as `handle`: the i18n key of its page title ('ns:key'). The app
 * sets `document.title` to "<title> · Compliance Assistant" and shows the title in the top bar.
 *
 *   export const handle = { title: 'common:pages.dashboard.title' } satisfies RouteHandle;
 */
export interface RouteHandle {
  title: `${Namespace}:${string}`;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string';
}
