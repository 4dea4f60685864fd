import type { ChangeEmailInput, ConfirmEmailChangeInput, Profile } from '@compliance/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { sessionQueryKey } from './session-sync.ts';

export const changeEmail = (input: ChangeEmailInput) => api.post<Profile>('/account/email', input);
export const confirmEmailChange = (input: ConfirmEmailChangeInput) =>
  api.post<Profile>('/account/email/confirm', input);

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (profile) => queryClient.setQueryData(['account', 'profile'], profile),
    meta: { errorToast: false },
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (profile) => {
      queryClient.setQueryData(['account', 'profile'], profile);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    meta: { errorToast: false },
  });
}
