import type { ApplyCountryImportInput, ApplyImportResponse } from '@compliance/shared/countries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { countriesQueryKeys } from './query-keys.ts';

/** Applies a previewed list in one step (fails with COUNTRY_IMPORT_STALE when the list changed since). */
export function applyCountryImport(input: ApplyCountryImportInput): Promise<ApplyImportResponse> {
  return api.post<ApplyImportResponse>('/admin/countries/import/apply', input);
}

export function useApplyCountryImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCountryImport,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countriesQueryKeys.all }),
  });
}
