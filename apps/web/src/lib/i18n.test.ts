import * as shared from '@compliance/shared/i18n';
import { describe, expect, it } from 'vitest';
import { defaultLocale, languageNames, locales, toLocale } from './i18n.ts';

describe('i18n', () => {
  it('supports exactly the shared locales, with the same default', () => {
    expect(locales).toEqual(shared.locales);
    expect(defaultLocale).toBe(shared.defaultLocale);
    expect(Object.keys(languageNames)).toEqual([...shared.locales]);
  });

  it('maps browser languages to a supported locale, falling back to English', () => {
    expect(toLocale('de-CH')).toBe('de');
    expect(toLocale('fr')).toBe('fr');
    expect(toLocale('IT-it')).toBe('it');
    expect(toLocale('es-ES')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });
});
