import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import de from '@/locales/de/legal.json';
import en from '@/locales/en/legal.json';

/**
 * Renders a legal page with a synchronously initialised i18n instance (English by default; German is
 * loaded too, to check locale-dependent formatting), inside a MemoryRouter.
 */
export function renderWithI18n(
  ui: ReactNode,
  { route = '/', language = 'en' }: { route?: string; language?: 'en' | 'de' } = {},
): RenderResult {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: 'en',
    ns: ['legal'],
    defaultNS: 'legal',
    resources: { en: { legal: en }, de: { legal: de } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}
