import type { AuthorListingsResponse, AuthorPage, AuthorProfileInput } from '@compliance/shared/marketplace';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { marketplaceQueryKeys } from './query-keys.ts';

export function useAuthor(id: string) {
  return useQuery({
    queryKey: marketplaceQueryKeys.author(id),
    queryFn: (): Promise<AuthorPage> => api.get(`/marketplace/authors/${encodeURIComponent(id)}`),
  });
}

/** The caller's own listings with their sales (the "Your listings" tab). */
export function useMyListings() {
  return useQuery({
    queryKey: marketplaceQueryKeys.mine(),
    queryFn: (): Promise<AuthorListingsResponse> => api.get('/marketplace/my-listings'),
  });
}

export function useSaveBio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AuthorProfileInput): Promise<AuthorProfileInput> => api.put('/marketplace/profile', input),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceQueryKeys.all }),
  });
}
