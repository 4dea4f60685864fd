import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { locales } from '@compliance/shared/i18n';
import { describe, expect, it } from 'vitest';
import { namespaces } from '../lib/i18n.ts';

// Vite rewrites import.meta.url in jsdom; the project root is stable.
const localesDir = join(import.meta.dirname);

function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}

function readNamespace(locale: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(localesDir, locale, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('locale files', () => {
  it('has one file per namespace in every locale, and nothing else', () => {
    for (const locale of locales) {
      const files = readdirSync(join(localesDir, locale)).sort();
      expect(files, locale).toEqual(namespaces.map((namespace) => `${namespace}.json`).sort());
    }
  });

  for (const namespace of namespaces) {
    const english = readNamespace('en', namespace);
    const englishKeys = flattenKeys(english).sort();

    for (const locale of locales.filter((l) => l !== 'en')) {
      it(`${locale}/${namespace}.json has exactly the keys of en`, () => {
        const translated = readNamespace(locale, namespace);
        expect(flattenKeys(translated).sort()).toEqual(englishKeys);
      });

      it(`${locale}/${namespace}.json keeps every {{placeholder}} and leaves no value empty`, () => {
        const translated = readNamespace(locale, namespace);
        for (const key of englishKeys) {
          const source = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english);
          const target = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translated);
          expect(typeof target, `${locale}:${namespace}:${key}`).toBe('string');
          expect((target as string).trim(), `${locale}:${namespace}:${key}`).not.toBe('');
          expect(placeholders(target as string), `${locale}:${namespace}:${key}`).toEqual(
            placeholders(source as string),
          );
        }
      });
    }
  }
});
