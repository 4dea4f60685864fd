import {
  countryRegions,
  countryStatuses,
  type CountryListResponse,
  type CountryStatus,
} from '@compliance/shared/countries';
import { CircleAlert, Download, Globe2, Search, X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { apiUrl } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { languageNames } from '@/lib/i18n.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { cn } from '@/lib/cn.ts';
import { useCountries } from '../api/get-countries.ts';
import { CountryResults } from '../components/country-results.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { useCountryLanguage } from '../hooks/use-country-language.ts';
import { filterCountries, isSortOption, type SortOption } from '../utils/country-list.ts';

export const handle = { title: 'common:pages.countries.title' } satisfies RouteHandle;

function isStatus(value: string | null): value is CountryStatus {
  return value !== null && (countryStatuses as readonly string[]).includes(value);
}

/** The filters live in the URL (?q=&status=&region=&sort=), so a filtered list can be shared. */
function useListFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const region = params.get('region');
  const sort = params.get('sort');
  const filters = {
    query: params.get('q') ?? '',
    status: isStatus(status) ? status : null,
    region: region && (countryRegions as readonly string[]).includes(region) ? region : null,
    sort: (isSortOption(sort) ? sort : 'name') satisfies SortOption,
  };
  const update = (changes: Partial<Record<'q' | 'status' | 'region' | 'sort', string | null>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return { filters, update, search: params.toString() ? `?${params.toString()}` : '' };
}

function StatusCounts({
  data,
  active,
  onSelect,
}: {
  data: CountryListResponse;
  active: CountryStatus | null;
  onSelect: (status: CountryStatus | null) => void;
}) {
  const { t } = useTranslation('countries');
  const { formatNumber } = useFormatters();
  const order: CountryStatus[] = ['black', 'grey', 'not_listed', 'no_listing'];
  return (
    <ul aria-label={t('countries:list.countsLabel')} className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      {order.map((status) => (
        <li key={status}>
          <button
            type="button"
            aria-pressed={active === status}
            aria-label={t('countries:list.countFilter', { status: t(`countries:status.${status}`) })}
            onClick={() => onSelect(active === status ? null : status)}
            className={cn(
              'flex h-full w-full flex-col items-start gap-2 rounded-lg border bg-white p-3 text-left shadow-xs transition-colors hover:bg-neutral-50 sm:p-4',
              active === status ? 'border-primary-500 ring-2 ring-primary-200' : 'border-neutral-200',
            )}
          >
            <span className="text-2xl font-semibold text-neutral-900 tabular-nums" data-testid={`count-${status}`}>
              {formatNumber(data.counts[status])}
            </span>
            {/* A long status name (Italian, French) wraps inside the narrow card of a phone. */}
            <StatusBadge status={status} className="max-w-full whitespace-normal" />
            <span className="text-xs text-neutral-500">{t(`countries:statusHint.${status}`)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function ListSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-28" />
        ))}
      </div>
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <Skeleton key={index} className="h-12" />
      ))}
    </div>
  );
}

/** The FATF country list (default layout, /fatf/countries): public. */
export function Component() {
  const { t } = useTranslation(['countries', 'common', 'errors']);
  const language = useCountryLanguage();
  const { formatDate, formatNumber } = useFormatters();
  const { data, isPending, isError, refetch, isRefetching } = useCountries();
  const { filters, update, search } = useListFilters();
  const shown = useMemo(
    () => (data ? filterCountries(data.countries, filters, language) : []),
    [data, filters.query, filters.status, filters.region, filters.sort, language], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const filtered = filters.query !== '' || filters.status !== null || filters.region !== null;
  const exportHref = apiUrl('/countries/export.csv', { lang: language });

  return (
    <>
      <PageHeader
        title={t('common:pages.countries.title')}
        description={t('common:pages.countries.description')}
        actions={
          <a
            href={exportHref}
            download
            title={t('countries:list.exportHint', { language: languageNames[language] })}
            className={buttonClasses({ variant: 'outline', color: 'neutral' })}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('countries:list.export')}
          </a>
        }
      />

      {isPending ? (
        <ListSkeleton />
      ) : isError ? (
        <EmptyState
          role="alert"
          icon={CircleAlert}
          title={t('errors:countries.listFailed')}
          action={
            <Button variant="outline" loading={isRefetching} onClick={() => void refetch()}>
              {t('countries:list.retry')}
            </Button>
          }
        />
      ) : (
        <div className="space-y-5">
          <p className="rounded-lg border border-primary-200 bg-primary-50 px-4 py-3 text-sm text-primary-900">
            <strong className="font-semibold" data-testid="as-of">
              {t('countries:list.asOf', {
                date: formatDate(`${data.meta.asOf}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }),
              })}
            </strong>{' '}
            <span>
              {t('countries:list.asOfDetail', {
                date: formatDate(`${data.meta.asOf}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }),
                checked: formatDate(data.meta.lastCheckedAt, { dateStyle: 'long' }),
              })}
            </span>
          </p>

          <StatusCounts data={data} active={filters.status} onSelect={(status) => update({ status })} />

          <div
            role="search"
            className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-3 shadow-xs sm:grid-cols-2 sm:p-4 lg:grid-cols-[2fr_1fr_1fr_1fr]"
          >
            <FormField label={t('countries:list.searchLabel')}>
              <Input
                type="search"
                icon={Search}
                value={filters.query}
                placeholder={t('countries:list.searchPlaceholder')}
                autoComplete="off"
                onChange={(event) => update({ q: event.target.value })}
              />
            </FormField>
            <FormField label={t('countries:list.statusLabel')}>
              <Select
                value={filters.status ?? ''}
                onChange={(event) => update({ status: event.target.value })}
                options={[
                  { value: '', label: t('countries:list.allStatuses') },
                  ...countryStatuses.map((status) => ({ value: status, label: t(`countries:status.${status}`) })),
                ]}
              />
            </FormField>
            <FormField label={t('countries:list.regionLabel')}>
              <Select
                value={filters.region ?? ''}
                onChange={(event) => update({ region: event.target.value })}
                options={[
                  { value: '', label: t('countries:list.allRegions') },
                  ...countryRegions.map((region) => ({ value: region, label: t(`countries:region.${region}`) })),
                ]}
              />
            </FormField>
            <FormField label={t('countries:list.sortLabel')}>
              <Select
                value={filters.sort}
                onChange={(event) => update({ sort: event.target.value === 'name' ? null : event.target.value })}
                options={(['name', 'nameDesc', 'status', 'since', 'code'] as const).map((sort) => ({
                  value: sort,
                  label: t(`countries:list.sort.${sort}`),
                }))}
              />
            </FormField>
          </div>

          <div className="flex flex-wrap items-center justify-between gap-2">
            <p role="status" className="text-sm text-neutral-600">
              {t('countries:list.results', {
                shown: formatNumber(shown.length),
                total: formatNumber(data.countries.length),
              })}
            </p>
            {filtered && (
              <Button
                variant="ghost"
                color="neutral"
                icon={X}
                onClick={() => update({ q: null, status: null, region: null })}
              >
                {t('countries:list.clearFilters')}
              </Button>
            )}
          </div>

          {shown.length === 0 ? (
            <EmptyState
              icon={Globe2}
              titleAs="h2"
              title={t('countries:list.noResultsTitle')}
              description={t('countries:list.noResultsDescription')}
            />
          ) : (
            <CountryResults countries={shown} language={language} search={search} />
          )}

          <div className="space-y-1 text-xs text-neutral-500">
            {data.meta.credits.map((credit) => (
              <p key={credit.en}>{credit[language]}</p>
            ))}
          </div>
          <details className="text-xs text-neutral-500">
            <summary className="cursor-pointer font-medium text-neutral-600">{t('countries:list.credits')}</summary>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {data.meta.sources.map((source) => (
                <li key={source.url}>
                  <a href={source.url} rel="noopener noreferrer" target="_blank" className="underline">
                    {source.title}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </div>
      )}
    </>
  );
}
