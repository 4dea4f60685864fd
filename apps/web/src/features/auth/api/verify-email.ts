import type { SessionResponse, VerifyEmailInput } from '@compliance/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { sessionQueryKey } from '@/lib/session.ts';

export function verifyEmail(input: VerifyEmailInput): Promise<SessionResponse> {
  return api.post<SessionResponse>('/auth/verify-email', input);
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
    meta: { errorToast: false },
  });
}
