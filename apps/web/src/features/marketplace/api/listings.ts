import type {
  ListingDetail,
  MarketplaceListResponse,
  MarketplaceQuery,
  PublishListingInput,
  UpdateListingInput,
} from '@compliance/shared/marketplace';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { listingPath, marketplaceQueryKeys } from './query-keys.ts';

function queryString(query: MarketplaceQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of published listings; the previous page stays on screen while the next loads. */
export function useListings(query: MarketplaceQuery) {
  return useQuery({
    queryKey: marketplaceQueryKeys.list(query),
    queryFn: (): Promise<MarketplaceListResponse> => api.get(`/marketplace/listings${queryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

export function useListing(id: string) {
  return useQuery({
    queryKey: marketplaceQueryKeys.listing(id),
    queryFn: (): Promise<ListingDetail> => api.get(listingPath(id)),
  });
}

export function usePublishListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishListingInput): Promise<ListingDetail> => api.post('/marketplace/listings', input),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceQueryKeys.all }),
  });
}

export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateListingInput & { id: string }): Promise<ListingDetail> =>
      api.patch(listingPath(id), input),
    meta: { errorToast: false },
    onSuccess: (listing) => {
      queryClient.setQueryData(marketplaceQueryKeys.listing(listing.id), listing);
      return queryClient.invalidateQueries({ queryKey: marketplaceQueryKeys.all });
    },
  });
}
