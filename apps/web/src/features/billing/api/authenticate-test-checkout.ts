import type { TestPaymentResult } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { billingQueryKeys } from './query-keys.ts';

export const authenticateTestCheckout = ({ sessionId, approve }: { sessionId: string; approve: boolean }) =>
  api.post<TestPaymentResult>(`/billing/test-checkout/${encodeURIComponent(sessionId)}/authenticate`, { approve });

export function useAuthenticateTestCheckout(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approve: boolean) => authenticateTestCheckout({ sessionId, approve }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.testCheckout(sessionId) }),
  });
}
