import type { BillingInterval, Currency, PlanDto } from '@compliance/shared/billing';
import { Check, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';
import { formatMoney, useFormatters } from '@/lib/format.ts';
import { planText } from '../utils/plan-text.ts';

export interface PlanCardProps {
  plan: PlanDto;
  interval: BillingInterval;
  currency: Currency;
  current: boolean;
  /** The seat picker and the choose button. */
  children?: ReactNode;
}

/** One plan on /subscription: price for the chosen interval and currency, and every limit it sets. */
export function PlanCard({ plan, interval, currency, current, children }: PlanCardProps) {
  const { t, i18n } = useTranslation('billing');
  const { formatBytes, formatNumber } = useFormatters();
  const price = plan.prices[currency][interval];
  const text = planText(plan, t);
  const titleId = `plan-${plan.id}-title`;
  const per = plan.perSeat
    ? t(interval === 'month' ? 'billing:plans.perSeatMonth' : 'billing:plans.perSeatYear')
    : t(interval === 'month' ? 'billing:plans.perMonth' : 'billing:plans.perYear');
  const features = [
    { key: 'storage', on: true, text: t('billing:plans.storage', { value: formatBytes(plan.limits.storageBytes) }) },
    { key: 'tokens', on: true, text: t('billing:plans.tokens', { value: formatNumber(plan.limits.monthlyTokens) }) },
    {
      key: 'seats',
      on: true,
      text: plan.perSeat ? t('billing:plans.seatsUpTo', { count: plan.limits.seats }) : t('billing:plans.onePerson'),
    },
    {
      key: 'connections',
      on: plan.limits.connections > 0,
      text: t('billing:plans.connections', { count: plan.limits.connections }),
    },
    {
      key: 'marketplace',
      on: plan.limits.marketplaceSelling,
      text: t(
        plan.limits.marketplaceSelling ? 'billing:plans.marketplaceSelling' : 'billing:plans.noMarketplaceSelling',
      ),
    },
  ];
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col rounded-2xl border bg-white p-5 shadow-sm',
        current ? 'border-primary-600 ring-2 ring-primary-600' : 'border-neutral-200',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-neutral-900">
          {text.name}
        </h2>
        {current && <Badge color="primary">{t('billing:plans.current')}</Badge>}
      </div>
      <p className="mt-1 min-h-10 text-sm text-neutral-600">{text.description}</p>
      <p className="mt-4">
        <span className="text-3xl font-bold text-neutral-900">
          {price === 0 ? t('billing:plans.free') : formatMoney(price, currency, i18n.language)}
        </span>
        {price > 0 && <span className="ml-1 text-sm text-neutral-500">{per}</span>}
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {features.map((feature) => (
          <li key={feature.key} className={cn('flex gap-2', feature.on ? 'text-neutral-800' : 'text-neutral-500')}>
            {feature.on ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-600" />
            ) : (
              <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            )}
            {feature.text}
          </li>
        ))}
      </ul>
      {children && <div className="mt-5 space-y-3">{children}</div>}
    </article>
  );
}
