import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { countriesQueryKeys } from './query-keys.ts';

/** Records that an admin reviewed the lists today ("last checked"). */
export function reviewCountries(): Promise<{ lastCheckedAt: string }> {
  return api.post<{ lastCheckedAt: string }>('/admin/countries/review');
}

export function useReviewCountries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewCountries,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countriesQueryKeys.all }),
  });
}
