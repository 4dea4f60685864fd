import { defaultLocale, localeSchema, locales, type Locale } from '@compliance/shared/i18n';
import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/** The browser remembers the chosen language under this key (the account's choice wins once signed in). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Every namespace is one JSON file per locale under src/locales/<locale>/<namespace>.json. */
export const namespaces = ['common', 'errors', 'ui', 'home', 'legal'] as const;

// Each locale file becomes its own small chunk, fetched only for the language in use.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = localeFiles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`Missing locale file ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function toLocale(language: string | undefined): Locale {
  const base = language?.toLowerCase().split('-')[0];
  const parsed = localeSchema.safeParse(base);
  return parsed.success ? parsed.data : defaultLocale;
}

export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = toLocale(language);
  });
  return i18n
    .use(lazyLocaleBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...locales],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: defaultLocale,
      ns: [...namespaces],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', 'navigator', 'htmlTag'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      react: { useSuspense: true },
    });
}

export { i18n };
