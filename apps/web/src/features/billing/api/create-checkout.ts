import type { CheckoutCreated, CreateCheckoutInput } from '@compliance/shared/billing';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const createCheckout = (input: CreateCheckoutInput) => api.post<CheckoutCreated>('/billing/checkout', input);

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
