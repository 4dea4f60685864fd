import type { CountryLanguage } from '@compliance/shared/countries';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@/lib/i18n.ts';

/** The interface language, for picking names and texts; re-renders when it changes. */
export function useCountryLanguage(): CountryLanguage {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}
