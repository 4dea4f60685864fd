import { createCountryDetailService, type CountryDetailDeps } from './country-detail.service.ts';
import { createCountryImportService } from './country-import.service.ts';
import { createCountryListService } from './country-list.service.ts';
import { createCountryStatusService } from './country-status.service.ts';
import type { ReadMemory } from '../../db/read-memory.ts';
import type { CountriesDeps } from './countries.deps.ts';

export type { RelatedDocumentsResolver } from './country-detail.service.ts';

/**
 * The FATF country pages' public face: the list and its export, a country's page, the admin's status
 * changes and list imports. Each job lives in its own file; this joins them into one service.
 */
export function createCountriesService(
  deps: CountriesDeps & Pick<CountryDetailDeps, 'relatedDocuments'> & { memory?: ReadMemory },
) {
  return {
    ...createCountryListService(deps),
    ...createCountryDetailService(deps),
    ...createCountryStatusService(deps),
    ...createCountryImportService(deps),
  };
}

export type CountriesService = ReturnType<typeof createCountriesService>;
