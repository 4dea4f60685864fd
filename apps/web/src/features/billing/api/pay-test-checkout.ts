import type { TestPaymentInput, TestPaymentResult } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { billingQueryKeys } from './query-keys.ts';

export const payTestCheckout = ({ sessionId, ...input }: TestPaymentInput & { sessionId: string }) =>
  api.post<TestPaymentResult>(`/billing/test-checkout/${encodeURIComponent(sessionId)}/pay`, input);

export function usePayTestCheckout(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TestPaymentInput) => payTestCheckout({ sessionId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.testCheckout(sessionId) }),
  });
}
