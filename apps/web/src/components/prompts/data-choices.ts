import type { CountryListResponse } from '@compliance/shared/countries';
import type { RegulatoryFunction } from '@compliance/shared/knowledge';
import { isLocale, type Locale } from '@compliance/shared/locales';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptQueryKeys } from './query-keys.ts';

/** The choices of a placeholder tied to the product's data, named in the interface language. */
export function useDataChoices(type: 'country' | 'regulatoryFunction', language: string): string[] | undefined {
  const locale: Locale = isLocale(language) ? language : 'en';
  const countries = useQuery({
    queryKey: [...promptQueryKeys.all, 'choices', 'countries'],
    queryFn: (): Promise<CountryListResponse> => api.get('/countries'),
    enabled: type === 'country',
    staleTime: 5 * 60_000,
  });
  const functions = useQuery({
    queryKey: [...promptQueryKeys.all, 'choices', 'regulatory-functions'],
    queryFn: (): Promise<RegulatoryFunction[]> => api.get('/knowledge/functions'),
    enabled: type === 'regulatoryFunction',
    staleTime: 5 * 60_000,
  });
  const collator = new Intl.Collator(locale);
  if (type === 'country') {
    return countries.data?.countries.map((country) => country.names[locale]).toSorted(collator.compare);
  }
  return functions.data?.map((item) => item.names[locale]);
}
