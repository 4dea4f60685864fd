import type { AccountSettings, UpdateSettingsInput } from '@compliance/shared/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { sessionQueryKey } from './session-sync.ts';
import { accountQueryKeys } from './query-keys.ts';

export const getSettings = () => api.get<AccountSettings>('/account/settings');
export const getSettingsQueryOptions = () =>
  queryOptions({ queryKey: accountQueryKeys.settings(), queryFn: getSettings });
export const useSettings = () => useQuery(getSettingsQueryOptions());

export const updateSettings = (input: UpdateSettingsInput) => api.patch<AccountSettings>('/account/settings', input);

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(['account', 'settings'], settings);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
