import type { AuthResponse, LoginInput } from '@compliance/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { setAuthToken } from '@/lib/auth-token.ts';
import { applySessionUser, sessionQueryKey } from '@/lib/session.ts';

export function login(input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login', input, { skipAuthRedirect: true });
}

/** Stores the token (localStorage.auth_token), caches the session and applies the account's language. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return async (response: AuthResponse) => {
    queryClient.clear();
    setAuthToken(response.token);
    queryClient.setQueryData(sessionQueryKey, { user: response.user });
    await applySessionUser(response.user, { language: true });
  };
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: login,
    onSuccess: startSession,
    meta: { errorToast: false },
  });
}
