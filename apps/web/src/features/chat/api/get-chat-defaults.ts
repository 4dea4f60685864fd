import type { AccountSettings } from '@compliance/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * The signed-in user's chat defaults from Settings (default assistant, knowledge-base search), read
 * from `GET /api/account/settings` under the settings screen's own query key, so a change there is
 * seen here without a reload.
 */
export const chatDefaultsQueryKey = ['account', 'settings'] as const;

export function getChatDefaults(): Promise<AccountSettings> {
  return api.get<AccountSettings>('/account/settings');
}

export function getChatDefaultsQueryOptions() {
  return queryOptions({ queryKey: chatDefaultsQueryKey, queryFn: getChatDefaults, meta: { errorToast: false } });
}

export function useChatDefaults(enabled: boolean) {
  return useQuery({ ...getChatDefaultsQueryOptions(), enabled });
}
