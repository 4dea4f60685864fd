import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useBillingOverview } from '../api/get-billing-overview.ts';
import { planText } from '../utils/plan-text.ts';
import { UsageBar } from './usage-bar.tsx';

/**
 * The dashboard's quota items (SPEC §3): the plan, its limits and what the user used of them, with
 * the way to upgrade as soon as a limit is reached.
 */
export function PlanUsageCard({ tokensNote }: { tokensNote?: string }) {
  const { t } = useTranslation(['billing', 'errors']);
  const { formatBytes, formatNumber } = useFormatters();
  const overview = useBillingOverview();
  const data = overview.data;
  const reached = data
    ? [
        data.usage.storage.used >= data.usage.storage.limit ? t('billing:usage.items.storage') : null,
        data.usage.tokens.used >= data.usage.tokens.limit ? t('billing:usage.items.tokens') : null,
      ].filter((item): item is string => item !== null)
    : [];

  return (
    <section
      aria-labelledby="dashboard-plan-usage"
      className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="dashboard-plan-usage" className="text-base font-semibold text-neutral-900">
          {t('billing:usage.title')}
        </h2>
        {data && (
          <div className="flex items-center gap-2">
            <Badge color={data.plan.id === 'free' ? 'neutral' : 'primary'}>
              {t('billing:usage.plan', { plan: planText(data.plan, t).name })}
            </Badge>
            <Link
              to={paths.billing.subscription.getHref()}
              className="text-sm font-medium text-primary-700 hover:underline"
            >
              {t('billing:usage.managePlan')}
            </Link>
          </div>
        )}
      </div>
      {overview.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : overview.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(overview.error))}
        </p>
      ) : data ? (
        <div className="space-y-4">
          {reached.map((item) => (
            <div
              key={item}
              role="alert"
              className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 sm:flex-row sm:items-center"
            >
              <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
              <p className="flex-1">{t('billing:usage.limitReached', { item, plan: planText(data.plan, t).name })}</p>
              <Link to={paths.billing.subscription.getHref()} className={buttonClasses({ size: 'sm' })}>
                {t('billing:usage.upgrade')}
              </Link>
            </div>
          ))}
          <UsageBar
            label={t('billing:usage.tokens')}
            used={data.usage.tokens.used}
            limit={data.usage.tokens.limit}
            text={t('billing:usage.of', {
              used: formatNumber(data.usage.tokens.used),
              limit: formatNumber(data.usage.tokens.limit),
            })}
            note={tokensNote}
          />
          <UsageBar
            label={t('billing:usage.storage')}
            used={data.usage.storage.used}
            limit={data.usage.storage.limit}
            text={t('billing:usage.of', {
              used: formatBytes(data.usage.storage.used),
              limit: formatBytes(data.usage.storage.limit),
            })}
          />
          {data.inCompany && (
            <UsageBar
              label={t('billing:usage.seats')}
              warn={false}
              used={data.usage.seats.used}
              limit={data.usage.seats.limit}
              text={t('billing:usage.of', {
                used: formatNumber(data.usage.seats.used),
                limit: formatNumber(data.usage.seats.limit),
              })}
            />
          )}
        </div>
      ) : null}
    </section>
  );
}
