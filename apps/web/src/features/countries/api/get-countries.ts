import type { CountryListResponse } from '@compliance/shared/countries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { countriesQueryKeys } from './query-keys.ts';

/** Every jurisdiction with its status, the counts per status and the as-of date (public). */
export function getCountries(): Promise<CountryListResponse> {
  return api.get<CountryListResponse>('/countries');
}

export function getCountriesQueryOptions() {
  return queryOptions({
    queryKey: countriesQueryKeys.list(),
    queryFn: getCountries,
    staleTime: 5 * 60_000,
    meta: { errorTitle: 'errors:countries.listFailed' },
  });
}

export function useCountries() {
  return useQuery(getCountriesQueryOptions());
}
