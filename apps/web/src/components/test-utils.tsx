// Test-only helpers for components/: an i18next instance that holds the English `ui` namespace
// synchronously, so components render their real English strings without the lazy backend.
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import ui from '@/locales/en/ui.json';

export const testI18n = createInstance();
void testI18n.init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['ui'],
  defaultNS: 'ui',
  resources: { en: { ui } },
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

function I18nWrapper({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={testI18n}>{children}</I18nextProvider>;
}

/** `render` from Testing Library, wrapped in the English `ui` translations. */
export function renderWithI18n(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>): RenderResult {
  return render(ui, { wrapper: I18nWrapper, ...options });
}
