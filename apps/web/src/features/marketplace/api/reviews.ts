import type { ListingDetail, ReportInput, ReviewInput } from '@compliance/shared/marketplace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { listingPath, marketplaceQueryKeys } from './query-keys.ts';

function useListingMutation<Input>(request: (input: Input) => Promise<ListingDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta: { errorToast: false },
    onSuccess: (listing) => {
      queryClient.setQueryData(marketplaceQueryKeys.listing(listing.id), listing);
      return queryClient.invalidateQueries({ queryKey: marketplaceQueryKeys.lists() });
    },
  });
}

/** A buyer's review; writing again edits it. */
export function useSaveReview(listingId: string) {
  return useListingMutation((input: ReviewInput) => api.put(`${listingPath(listingId)}/review`, input));
}

/** The author's answer to a review. */
export function useReplyToReview() {
  return useListingMutation(({ reviewId, text }: { reviewId: string; text: string }) =>
    api.put(`/marketplace/reviews/${encodeURIComponent(reviewId)}/reply`, { text }),
  );
}

export function useReport(listingId: string) {
  return useMutation({
    mutationFn: (input: ReportInput): Promise<void> => api.post(`${listingPath(listingId)}/reports`, input),
    meta: { errorToast: false },
  });
}
