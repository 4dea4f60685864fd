import { defaultLocale, locales, type Locale } from '@compliance/shared/locales';
import i18n, { type BackendModule, type InitOptions, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export { defaultLocale, locales };

/** The browser remembers the chosen language under this key (the account's choice wins once signed in). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Every namespace is one JSON file per locale under src/locales/<locale>/<namespace>.json. */
export const namespaces = [
  'common',
  'errors',
  'ui',
  'home',
  'legal',
  'auth',
  'account',
  'admin-users',
  'countries',
  'documents',
  'knowledge',
  'chat',
  'prompts',
  'billing',
  'onboarding',
  'courses',
  'marketplace',
  'integrations',
] as const;
export type Namespace = (typeof namespaces)[number];

/**
 * Each language named in its own language, as language pickers conventionally do: a reader who
 * cannot read the current interface language still finds their own. Not translated on purpose.
 */
export const languageNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
};

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
  return locales.find((locale) => locale === base) ?? defaultLocale;
}

/** The interface language as one of the four supported locales. */
export function currentLocale(): Locale {
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

function syncDocumentLanguage(language: string | undefined): void {
  document.documentElement.lang = toLocale(language);
}

let listening = false;

export interface InitI18nOptions {
  /**
   * Bundled translations (tests): no lazy loading, initialised synchronously. In the app the
   * locale files are fetched on demand instead.
   */
  resources?: Resource;
  /** Force a language instead of detecting it (tests). */
  lng?: string;
}

export function initI18n({ resources, lng }: InitI18nOptions = {}): Promise<unknown> {
  if (!listening) {
    listening = true;
    i18n.on('languageChanged', syncDocumentLanguage);
  }
  const options: InitOptions = {
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
  };
  if (resources) {
    return i18n
      .use(LanguageDetector)
      .use(initReactI18next)
      .init({ ...options, resources, initAsync: false, ...(lng ? { lng } : {}) });
  }
  return i18n
    .use(lazyLocaleBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({ ...options, ...(lng ? { lng } : {}) });
}

/** Switches the interface language; the detector remembers it in localStorage, <html lang> follows. */
export function changeLanguage(locale: Locale): Promise<unknown> {
  return i18n.changeLanguage(locale);
}

export { i18n };
