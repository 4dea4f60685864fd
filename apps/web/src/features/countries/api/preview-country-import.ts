import type { CountryImportInput, ImportDiff } from '@compliance/shared/countries';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** What importing the list would change; changes nothing. */
export function previewCountryImport(input: CountryImportInput): Promise<ImportDiff> {
  return api.post<ImportDiff>('/admin/countries/import/preview', input);
}

export function usePreviewCountryImport() {
  return useMutation({ mutationFn: previewCountryImport, meta: { errorToast: false } });
}
