import type { ChangeCountryStatusInput, CountrySummary } from '@compliance/shared/countries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { countriesQueryKeys } from './query-keys.ts';

export function changeCountryStatus({ iso2, ...input }: ChangeCountryStatusInput & { iso2: string }) {
  return api.put<CountrySummary>(`/admin/countries/${encodeURIComponent(iso2)}/status`, input);
}

export function useChangeCountryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCountryStatus,
    // The form shows the failure itself.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countriesQueryKeys.all }),
  });
}
