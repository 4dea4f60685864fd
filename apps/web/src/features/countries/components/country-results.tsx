import type { CountryLanguage, CountrySummary } from '@compliance/shared/countries';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useFormatters } from '@/lib/format.ts';
import { StatusBadge } from './status-badge.tsx';

function useSince() {
  const { t } = useTranslation('countries');
  const { formatDate } = useFormatters();
  return (date: string | null) =>
    date ? formatDate(`${date}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }) : t('countries:list.sinceUnknown');
}

function Membership({ country }: { country: CountrySummary }) {
  const { t } = useTranslation('countries');
  const parts = [...(country.fatfMember ? [t('countries:list.fatfMember')] : []), ...country.fsrbs];
  return <>{parts.length > 0 ? parts.join(' · ') : '—'}</>;
}

/**
 * The jurisdictions: a table from the `md` breakpoint up, cards on phones. Links carry the list's
 * search string, so "back to countries" returns to the same filters.
 */
export function CountryResults({
  countries,
  language,
  search,
}: {
  countries: CountrySummary[];
  language: CountryLanguage;
  search: string;
}) {
  const { t } = useTranslation('countries');
  const since = useSince();
  const { formatDate } = useFormatters();
  const linkState = { listSearch: search };

  return (
    <>
      <div className="hidden overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-xs md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-neutral-50 text-xs font-medium tracking-wide text-neutral-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t('countries:list.columns.country')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('countries:list.columns.status')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('countries:list.columns.since')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('countries:list.columns.region')}
              </th>
              <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                {t('countries:list.columns.membership')}
              </th>
              <th scope="col" className="hidden px-4 py-3 xl:table-cell">
                {t('countries:list.columns.lastChecked')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {countries.map((country) => (
              <tr key={country.iso2} className="hover:bg-neutral-50">
                <td className="px-4 py-3">
                  <Link
                    to={paths.countries.detail.getHref(country.iso2)}
                    state={linkState}
                    className="font-medium text-primary-700 hover:text-primary-800 hover:underline"
                  >
                    {country.names[language]}
                  </Link>
                  <span className="ml-2 font-mono text-xs text-neutral-500">{country.iso2}</span>
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={country.status} action={country.blackListAction} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-neutral-700">{since(country.statusSince)}</td>
                <td className="px-4 py-3 text-neutral-700">
                  {t(`countries:region.${country.region}`, country.region)}
                </td>
                <td className="hidden px-4 py-3 text-neutral-700 lg:table-cell">
                  <Membership country={country} />
                </td>
                <td className="hidden px-4 py-3 whitespace-nowrap text-neutral-700 xl:table-cell">
                  {formatDate(country.lastCheckedAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-2 md:hidden">
        {countries.map((country) => (
          <li key={country.iso2}>
            <Link
              to={paths.countries.detail.getHref(country.iso2)}
              state={linkState}
              className="flex items-center gap-3 rounded-lg border border-neutral-200 bg-white p-3 shadow-xs hover:bg-neutral-50"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-neutral-900">
                  {country.names[language]} <span className="font-mono text-xs text-neutral-500">{country.iso2}</span>
                </p>
                <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-neutral-600">
                  <StatusBadge status={country.status} action={country.blackListAction} />
                  {country.statusSince && (
                    <span>{t('countries:list.since', { date: since(country.statusSince) })}</span>
                  )}
                  <span>· {t(`countries:region.${country.region}`, country.region)}</span>
                </div>
              </div>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-neutral-400" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
