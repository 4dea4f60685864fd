import type { ResetPasswordInput } from '@compliance/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function resetPassword(input: ResetPasswordInput): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/auth/password/reset', input, { skipAuthRedirect: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { errorToast: false } });
}
