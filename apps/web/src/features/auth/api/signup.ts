import type { AuthResponse, SignupInput } from '@compliance/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useStartSession } from './login.ts';

export function signup(input: SignupInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/signup', input, { skipAuthRedirect: true });
}

export function useSignup() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: signup, onSuccess: startSession, meta: { errorToast: false } });
}
