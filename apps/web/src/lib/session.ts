import type { SessionResponse, SessionUser } from '@compliance/shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { hasAuthToken, setStoredUserName } from './auth-token.ts';
import { changeLanguage, currentLocale, toLocale } from './i18n.ts';

/**
 * The signed-in user, checked against the server once per page load (GET /api/auth/session) and
 * cached; the guards, the chrome and the account screens share it.
 */
export const sessionQueryKey = ['auth', 'session'] as const;

export function getSession(): Promise<SessionResponse> {
  return api.get<SessionResponse>('/auth/session', { skipAuthRedirect: true });
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { errorToast: false },
  });
}

export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/**
 * After a session load the chrome shows the user's name. At sign-in (`{ language: true }`) the
 * account's language also wins over the browser's; afterwards the choice made in this browser stays
 * until the next sign-in (the settings screen changes the account's language).
 */
export async function applySessionUser(
  user: SessionUser,
  { language = false }: { language?: boolean } = {},
): Promise<void> {
  setStoredUserName(displayName(user));
  const accountLanguage = toLocale(user.language);
  if (language && accountLanguage !== currentLocale()) await changeLanguage(accountLanguage);
}

/**
 * A language picked in the header while signed in becomes the account's language too, so it
 * follows the user to their other devices. Anonymous visitors keep it in this browser only.
 */
export async function saveAccountLanguage(language: string): Promise<void> {
  if (!hasAuthToken()) return;
  await api.patch('/account/settings', { language: toLocale(language) });
}
