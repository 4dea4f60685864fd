import type { ChangePasswordInput } from '@compliance/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { accountQueryKeys } from './query-keys.ts';

export const changePassword = (input: ChangePasswordInput) => api.post<{ revoked: number }>('/account/password', input);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountQueryKeys.sessions() }),
    meta: { errorToast: false },
  });
}
