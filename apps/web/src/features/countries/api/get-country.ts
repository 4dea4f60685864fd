import type { CountryDetailResponse, CountryLanguage } from '@compliance/shared/countries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { countriesQueryKeys } from './query-keys.ts';

/** A country's page: name and status for everyone, everything for accounts. */
export function getCountry(id: string, language: CountryLanguage): Promise<CountryDetailResponse> {
  return api.get<CountryDetailResponse>(`/countries/${encodeURIComponent(id)}`, { params: { lang: language } });
}

export function getCountryQueryOptions(id: string, language: CountryLanguage, signedIn: boolean) {
  return queryOptions({
    // The answer depends on whether the caller is signed in.
    queryKey: countriesQueryKeys.detail(id, language, signedIn),
    queryFn: () => getCountry(id, language),
    meta: { errorTitle: 'errors:countries.detailFailed' },
  });
}

export function useCountry(id: string, language: CountryLanguage, signedIn: boolean) {
  return useQuery(getCountryQueryOptions(id, language, signedIn));
}
