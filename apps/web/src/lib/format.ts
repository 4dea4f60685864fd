import { useTranslation } from 'react-i18next';
import { toLocale } from './i18n.ts';

/** Dates and numbers always go through Intl in the interface language. */
export function formatDate(
  value: Date | string | number,
  language: string,
  options?: Intl.DateTimeFormatOptions,
): string {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat(intlLocale(language), options ?? { dateStyle: 'medium' }).format(date);
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

// Swiss users are the core audience: format as they expect it in each language.
function intlLocale(language: string): string {
  const locale = toLocale(language);
  return locale === 'en' ? 'en-GB' : `${locale}-CH`;
}

/** `formatDate` and `formatNumber` bound to the current interface language; re-renders when it changes. */
export function useFormatters(): {
  formatDate: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => string;
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string;
} {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return {
    formatDate: (value, options) => formatDate(value, language, options),
    formatNumber: (value, options) => formatNumber(value, language, options),
  };
}

/** Formats a calendar date given as ISO `YYYY-MM-DD` (no time zone shifts), long style by default. */
export function formatCalendarDate(
  isoDate: string,
  language: string,
  dateStyle: Intl.DateTimeFormatOptions['dateStyle'] = 'long',
): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return formatDate(new Date(Date.UTC(year, month - 1, day)), language, { dateStyle, timeZone: 'UTC' });
}
