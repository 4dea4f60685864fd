import type { ResendResponse } from '@compliance/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function resendVerification(): Promise<ResendResponse> {
  return api.post<ResendResponse>('/auth/verify-email/resend');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification, meta: { errorToast: false } });
}
