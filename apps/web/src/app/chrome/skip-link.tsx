import { useTranslation } from 'react-i18next';

/** The id of every layout's <main>; the skip link and route-change focus go there. */
export const MAIN_CONTENT_ID = 'main-content';

/** "Skip to main content": the first focusable element of every page, visible on focus. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-[200] rounded-lg bg-white px-4 py-2 text-sm font-semibold text-primary-700 shadow-lg ring-2 ring-primary-600 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('common:a11y.skipToContent')}
    </a>
  );
}
