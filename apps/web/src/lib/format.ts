import { toLocale } from './i18n.ts';

/** Dates and numbers always go through Intl in the interface language. */
export function formatDate(value: Date | string | number, language: string, options?: Intl.DateTimeFormatOptions): string {
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
