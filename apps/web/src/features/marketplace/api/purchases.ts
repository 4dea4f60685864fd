import type { PurchaseResult, VerifyPurchaseResult } from '@compliance/shared/marketplace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { licensedPromptsKey, listingPath, marketplaceQueryKeys } from './query-keys.ts';

/** Buys a listing: owned at once when free, else the checkout to go to. */
export function usePurchaseListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<PurchaseResult> => api.post(`${listingPath(id)}/purchase`),
    onSuccess: async (result) => {
      if (result.status !== 'owned') return;
      await queryClient.invalidateQueries({ queryKey: marketplaceQueryKeys.all });
      await queryClient.invalidateQueries({ queryKey: licensedPromptsKey });
    },
  });
}

/** Back from the checkout: the server asks the payment provider (the redirect alone proves nothing). */
export function useVerifyPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string): Promise<VerifyPurchaseResult> =>
      api.post('/marketplace/purchases/verify', { sessionId }),
    meta: { errorToast: false },
    onSuccess: async (result) => {
      if (result.status !== 'paid') return;
      await queryClient.invalidateQueries({ queryKey: marketplaceQueryKeys.all });
      await queryClient.invalidateQueries({ queryKey: licensedPromptsKey });
    },
  });
}
