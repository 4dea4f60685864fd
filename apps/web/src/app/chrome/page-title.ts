import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { isRouteHandle } from '@/lib/route-handle.ts';

/** The i18n key of the deepest matched route's `handle.title`, or null. */
export function usePageTitleKey(): string | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return null;
}

/** The current page's title in the interface language, or null. */
export function usePageTitle(): string | null {
  const { t } = useTranslation();
  const key = usePageTitleKey();
  return key ? t(key) : null;
}

/** Sets document.title to "<page> · Compliance Assistant" (just the product name without a page). */
export function useDocumentTitle(pageTitle: string | null): void {
  const { t } = useTranslation('common');
  const appName = t('common:appName');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${appName}` : appName;
  }, [pageTitle, appName]);
}
