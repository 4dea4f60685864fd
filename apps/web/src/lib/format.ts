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

const byteUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A byte size in the interface language's units, in steps of 1024: "1.5 MB" in English,
 * "1,5 Mo" in French, "1 GB" in German; "512 bytes", "0 octet". Whole bytes have no decimals.
 */
/** An amount in minor units (cents, Rappen) as the interface language writes money. */
export function formatMoney(minorUnits: number, currency: string, language: string): string {
  return formatNumber(minorUnits / 100, language, {
    style: 'currency',
    currency,
    minimumFractionDigits: minorUnits % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return formatNumber(value, language, {
    style: 'unit',
    unit: byteUnits[unit],
    // Short units ("kB", "Mo"); plain bytes spelt out, since the short form does not agree in
    // number in English ("0 byte").
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  });
}

// Swiss users are the core audience: format as they expect it in each language.
function intlLocale(language: string): string {
  const locale = toLocale(language);
  return locale === 'en' ? 'en-GB' : `${locale}-CH`;
}

/** `formatDate`, `formatNumber` and `formatBytes` bound to the current interface language; re-renders when it changes. */
export function useFormatters(): {
  formatDate: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => string;
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string;
  formatBytes: (bytes: number) => string;
} {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return {
    formatDate: (value, options) => formatDate(value, language, options),
    formatNumber: (value, options) => formatNumber(value, language, options),
    formatBytes: (bytes) => formatBytes(bytes, language),
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
