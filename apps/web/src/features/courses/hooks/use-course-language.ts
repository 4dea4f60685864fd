import type { Locale } from '@compliance/shared/locales';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@/lib/i18n.ts';

/** The interface language: courses are read, tested and graded in it; re-renders when it changes. */
export function useCourseLanguage(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}
