import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { useFormatters } from '@/lib/format.ts';
import { useBillingNotice } from '../api/manage-subscription.ts';

/**
 * The app shell's banner after a failed renewal: until when the plan holds (or that the Free plan's
 * limits apply now), with a link to update the payment method. Nothing shows otherwise.
 */
export function BillingBanner({ className }: { className?: string | undefined }) {
  const { t } = useTranslation('billing');
  const { formatDate } = useFormatters();
  const notice = useBillingNotice();
  if (!notice.data?.paymentFailed) return null;
  const { graceUntil, graceExpired, canManage } = notice.data;
  return (
    <div
      role="status"
      data-testid="billing-banner"
      className={cn(
        'mb-6 flex shrink-0 flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
      <p className="flex-1">
        {graceExpired
          ? t('billing:banner.expired')
          : t('billing:banner.grace', { date: graceUntil ? formatDate(graceUntil) : '' })}
        {!canManage && ` ${t('billing:banner.askAdmin')}`}
      </p>
      {canManage && (
        <Link to={paths.billing.subscription.getHref()} className="font-semibold underline underline-offset-2">
          {t('billing:banner.update')}
        </Link>
      )}
    </div>
  );
}
