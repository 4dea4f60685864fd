import { defaultLocale, isLocale, locales, type Locale } from '@compliance/shared/locales';
import i18n, { type BackendModule, type InitOptions, type LanguageDetectorModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { namespacesRegisteredSince, registrationMark, usedNamespaces } from './i18n-namespaces.ts';

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
 * Named by the app shell but needed only when something fails: not fetched for the first screen,
 * but by the first screen whose own code names them (forms do), before an error toast
 * (`whenNamespaceLoaded`), or by the error pages themselves (they suspend until their strings are
 * there). The error texts are 14 KB the first page does without (issue 13).
 */
const onDemandNamespaces: ReadonlySet<string> = new Set<Namespace>(['errors']);

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

// Each locale file becomes its own small chunk, fetched only for the language in use and only once
// the code that names its namespace has been loaded (see i18n-namespaces.ts).
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

function readStoredLanguage(): string | undefined {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined; // storage blocked
  }
}

/**
 * Which language to show: the first supported one of the language remembered in localStorage, the
 * browser's languages in their order of preference and <html lang>; else English. The choice is
 * remembered in localStorage. What i18next-browser-languagedetector did with
 * `order: ['localStorage', 'navigator', 'htmlTag']`, in a few lines instead of a library in every
 * first page (issue 13).
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const candidates: (string | undefined)[] = [
      readStoredLanguage(),
      ...(navigator.languages ?? []),
      navigator.language,
      document.documentElement.lang,
    ];
    // The first supported one, else English: the app always runs in one of its four languages, so
    // it never needs English as a fallback beside the language in use (see initI18n).
    const supported = candidates.find((candidate) => candidate && isLocale(candidate.toLowerCase().split('-')[0]));
    return supported ? toLocale(supported) : defaultLocale;
  },
  cacheUserLanguage(language) {
    if (language === 'cimode') return;
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
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
/** Settles once `initI18n` has, when it fetches the translations lazily (the app); null before. */
let initialised: Promise<void> | null = null;

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
    react: { useSuspense: true },
  };
  if (resources) {
    return i18n
      .use(languageDetector)
      .use(initReactI18next)
      .init({ ...options, resources, initAsync: false, ...(lng ? { lng } : {}) });
  }
  // Only the namespaces of the code loaded so far (the first screen); the lazy routes add theirs.
  const initial = [...new Set<string>(['common', ...usedNamespaces()])].filter((ns) => !onDemandNamespaces.has(ns));
  // No English fallback: it would fetch every namespace twice for a visitor in another language,
  // and every locale has exactly the English keys (locales.test.ts), so it is never needed.
  const ready = i18n
    .use(lazyLocaleBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({ ...options, fallbackLng: false, ns: initial, ...(lng ? { lng } : {}) });
  initialised = ready.then(
    () => undefined,
    () => undefined,
  );
  return ready;
}

/**
 * Wraps a dynamic import (a lazy route): resolves with the module once the strings it needs are
 * loaded too, for the current language (i18next skips what it has), so the screen renders with its
 * strings as the first screen does after `initI18n`: the namespaces the code loaded so far names, and
 * the on-demand ones if a module loaded by this import names them.
 */
export function withNamespaces<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const mark = registrationMark();
    const module = await load();
    if (initialised) await initialised;
    if (i18n.isInitialized) {
      const needed = new Set(usedNamespaces().filter((ns) => !onDemandNamespaces.has(ns)));
      for (const ns of namespacesRegisteredSince(mark)) needed.add(ns);
      await i18n.loadNamespaces([...needed]);
    }
    return module;
  };
}

/**
 * Runs `show` once the namespace's strings are there: at once when they are, else after fetching
 * them. For what the app shell shows only when something fails (a toast, in `errors`), which the
 * first screen does not fetch.
 */
export function whenNamespaceLoaded(namespace: Namespace, show: () => void): void {
  if (!i18n.isInitialized || i18n.hasLoadedNamespace(namespace)) {
    show();
    return;
  }
  i18n.loadNamespaces(namespace).then(show, show);
}

/** Switches the interface language; the detector remembers it in localStorage, <html lang> follows. */
export function changeLanguage(locale: Locale): Promise<unknown> {
  return i18n.changeLanguage(locale);
}

export { i18n };
