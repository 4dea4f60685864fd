import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n.ts';
import { renderRoute } from '@/testing/test-utils.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('language switcher', () => {
  it('offers the four languages by their own names', async () => {
    renderRoute('/fatf/countries');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    const options = Array.from((select as HTMLSelectElement).options).map((option) => option.textContent);
    expect(options).toEqual(['English', 'Deutsch', 'Français', 'Italiano']);
  });

  it('switches the interface, remembers the choice and sets <html lang>', async () => {
    const { user } = renderRoute('/fatf/countries');
    await screen.findByRole('heading', { level: 1, name: 'FATF countries' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');

    expect(await screen.findByRole('heading', { level: 1, name: 'FATF-Länder' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    // The title follows in an effect after the heading renders.
    await waitFor(() => expect(document.title).toBe('FATF-Länder · Compliance Assistant'));
  });

  it('confirms the change in a toast whose Undo goes back to the previous language', async () => {
    const { user } = renderRoute('/fatf/countries');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'fr');

    const notice = await screen.findByRole('status', { name: /Langue modifiée/ });
    expect(notice).toHaveTextContent("L'interface est maintenant en Français.");
    await user.click(within(notice).getByRole('button', { name: 'Annuler' }));

    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('saves the choice to the signed-in account, so it follows the user', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({
          url: String(input),
          method: init?.method ?? 'GET',
          body: init?.body ? JSON.parse(String(init.body)) : null,
        });
        return new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    try {
      const { user } = renderRoute('/legal/disclaimer', { token: 'a-session-token' });
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'it');
      await vi.waitFor(() =>
        expect(calls).toContainEqual({ url: '/api/account/settings', method: 'PATCH', body: { language: 'it' } }),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is in the chrome of every layout', async () => {
    for (const [path, token] of [
      ['/', undefined],
      ['/legal/disclaimer', undefined],
      ['/login', undefined],
      ['/fatf/countries', undefined],
      ['/dashboard', 't'],
      ['/chat', 't'],
      ['/subscription', 't'],
      ['/prompt-library', 't'],
      ['/admin', 't'],
    ] as const) {
      const { unmount } = renderRoute(path, token ? { token } : {});
      expect(await screen.findByRole('combobox', { name: 'Language' }), path).toBeInTheDocument();
      expect(screen.getByRole('main'), path).toBeInTheDocument();
      unmount();
    }
  });
});
