import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useFormatters } from '@/lib/format.ts';
import { useCountryChanges } from '../api/get-country-changes.ts';
import { useCountryLanguage } from '../hooks/use-country-language.ts';
import { StatusBadge } from './status-badge.tsx';

/** "Latest FATF list changes", for the dashboard. */
export function LatestChangesCard({ limit = 5 }: { limit?: number }) {
  const { t } = useTranslation('countries');
  const language = useCountryLanguage();
  const { formatDate } = useFormatters();
  const { data, isPending, isError } = useCountryChanges(limit);
  const calendarDate = (date: string) => formatDate(`${date}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });

  return (
    <Card>
      <CardHeader
        title={t('countries:changes.title')}
        description={data ? t('countries:changes.description', { date: calendarDate(data.asOf) }) : undefined}
        actions={
          <Link
            to={paths.countries.list.getHref()}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
          >
            {t('countries:changes.viewAll')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        }
      />
      <CardBody>
        {isPending ? (
          <Skeleton className="h-24" />
        ) : isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('countries:changes.failed')}
          </p>
        ) : data.changes.length === 0 ? (
          <p className="text-sm text-neutral-600">{t('countries:changes.empty')}</p>
        ) : (
          <ul className="divide-y divide-neutral-200">
            {data.changes.map((change) => (
              <li key={change.id} className="py-2.5 text-sm">
                <div className="flex items-baseline justify-between gap-3">
                  <Link
                    to={paths.countries.detail.getHref(change.iso2)}
                    className="font-medium text-primary-700 hover:underline"
                  >
                    {change.names[language]}
                  </Link>
                  {change.effectiveDate && (
                    <span className="shrink-0 text-xs text-neutral-500">{calendarDate(change.effectiveDate)}</span>
                  )}
                </div>
                <div className="mt-1 flex flex-wrap items-center gap-1.5">
                  {change.fromStatus && <StatusBadge status={change.fromStatus} />}
                  {change.fromStatus && change.toStatus && (
                    <span aria-hidden="true" className="text-neutral-400">
                      →
                    </span>
                  )}
                  {change.toStatus && <StatusBadge status={change.toStatus} action={change.blackListAction} />}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
