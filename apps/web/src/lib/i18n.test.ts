import { describe, expect, it } from 'vitest';
import { defaultLocale, languageNames, locales, toLocale } from './i18n.ts';

describe('i18n', () => {
  it('names every locale of the product in its own language, with English as the default', () => {
    expect(defaultLocale).toBe('en');
    expect(Object.keys(languageNames)).toEqual([...locales]);
  });

  it('maps browser languages to a supported locale, falling back to English', () => {
    expect(toLocale('de-CH')).toBe('de');
    expect(toLocale('fr')).toBe('fr');
    expect(toLocale('IT-it')).toBe('it');
    expect(toLocale('es-ES')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });
});
