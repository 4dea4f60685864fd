import { billingIntervals, type BillingInterval } from '@compliance/shared/billing';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn.ts';

/** Monthly or yearly prices: two radio buttons drawn as one segmented control. */
export function IntervalSwitch({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
}) {
  const { t } = useTranslation('billing');
  return (
    <fieldset className="inline-flex rounded-lg border border-neutral-300 bg-white p-0.5">
      <legend className="sr-only">{t('billing:plans.billingInterval')}</legend>
      {billingIntervals.map((interval) => (
        <label
          key={interval}
          className={cn(
            'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600',
            value === interval ? 'bg-primary-600 text-white' : 'text-neutral-700 hover:bg-neutral-100',
          )}
        >
          <input
            type="radio"
            name="billing-interval"
            value={interval}
            checked={value === interval}
            onChange={() => onChange(interval)}
            className="sr-only"
          />
          {t(interval === 'month' ? 'billing:plans.monthly' : 'billing:plans.yearly')}
        </label>
      ))}
    </fieldset>
  );
}
