/**
 * The product's languages (SPEC §9): declared once, here, and used by every part — the interface,
 * documents, chat answers, country names, e-mail. Zod-free, so the web's first page can import it.
 */
export const locales = ['en', 'de', 'fr', 'it'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}
