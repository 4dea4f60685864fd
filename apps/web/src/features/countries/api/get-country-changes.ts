import type { CountryChangesResponse } from '@compliance/shared/countries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { countriesQueryKeys } from './query-keys.ts';

/** The latest FATF list changes, newest first. */
export function getCountryChanges(limit: number): Promise<CountryChangesResponse> {
  return api.get<CountryChangesResponse>('/countries/changes', { params: { limit } });
}

export function getCountryChangesQueryOptions(limit: number) {
  return queryOptions({
    queryKey: countriesQueryKeys.changes(limit),
    queryFn: () => getCountryChanges(limit),
    staleTime: 5 * 60_000,
  });
}

export function useCountryChanges(limit = 5) {
  return useQuery(getCountryChangesQueryOptions(limit));
}
