import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import home from '@/locales/en/home.json';

/** Renders a landing-page component with a synchronously initialised English i18n instance, inside a MemoryRouter. */
export function renderWithI18n(ui: ReactNode, { route = '/' }: { route?: string } = {}): RenderResult {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['home'],
    defaultNS: 'home',
    resources: { en: { home } },
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
