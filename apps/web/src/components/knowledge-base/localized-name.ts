import type { LocalizedNames } from '@compliance/shared/knowledge';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@/lib/i18n.ts';

/** The name in the interface language, falling back to English. */
export function useLocalizedName(): (names: LocalizedNames) => string {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (names) => names[locale] || names.en;
}
