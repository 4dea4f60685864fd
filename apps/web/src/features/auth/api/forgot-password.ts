import type { ForgotPasswordInput } from '@compliance/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function forgotPassword(input: ForgotPasswordInput): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/auth/password/forgot', input, { skipAuthRedirect: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta: { errorToast: false } });
}
