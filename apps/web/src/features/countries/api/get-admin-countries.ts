import type { CountryListResponse } from '@compliance/shared/countries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { countriesQueryKeys } from './query-keys.ts';

/** Every jurisdiction, including those an import removed (admins). */
export function getAdminCountries(): Promise<CountryListResponse> {
  return api.get<CountryListResponse>('/admin/countries');
}

export function getAdminCountriesQueryOptions() {
  return queryOptions({
    queryKey: countriesQueryKeys.adminList(),
    queryFn: getAdminCountries,
    meta: { errorTitle: 'errors:countries.listFailed' },
  });
}

export function useAdminCountries() {
  return useQuery(getAdminCountriesQueryOptions());
}
