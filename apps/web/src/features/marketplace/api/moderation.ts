import type { MarketplaceModeration, ResolveReportInput } from '@compliance/shared/marketplace';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { marketplaceQueryKeys } from './query-keys.ts';

export function useModeration() {
  return useQuery({
    queryKey: marketplaceQueryKeys.moderation(),
    queryFn: (): Promise<MarketplaceModeration> => api.get('/admin/marketplace'),
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: ResolveReportInput & { id: string }): Promise<void> =>
      api.post(`/admin/marketplace/reports/${encodeURIComponent(id)}/resolve`, { action }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceQueryKeys.all }),
  });
}

export function useRefundPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<void> =>
      api.post(`/admin/marketplace/purchases/${encodeURIComponent(id)}/refund`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceQueryKeys.all }),
  });
}

/** A moderator takes a listing down from its page. */
export function useRemoveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<void> => api.post(`/admin/marketplace/listings/${encodeURIComponent(id)}/remove`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceQueryKeys.all }),
  });
}
