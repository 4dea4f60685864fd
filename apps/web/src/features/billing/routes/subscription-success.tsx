import { BadgeCheck, CircleAlert, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { usePlans } from '../api/get-plans.ts';
import { useVerifiedCheckout, VERIFY_ATTEMPTS } from '../api/verify-checkout.ts';
import { planText } from '../utils/plan-text.ts';

export const handle = { title: 'common:pages.subscriptionSuccess.title' } satisfies RouteHandle;

/**
 * Back from the checkout (user layout, /subscription/success?session_id=…). The page grants nothing
 * itself: it asks the server, which asks the payment provider, and shows what the provider confirmed.
 */
export function Component() {
  const { t } = useTranslation(['common', 'billing', 'errors']);
  const { formatDate } = useFormatters();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const checkout = useVerifiedCheckout(sessionId);
  const plans = usePlans();
  const plan = plans.data?.find((candidate) => candidate.id === checkout.data?.planId);
  const planName = plan ? planText(plan, t).name : (checkout.data?.planId ?? '');
  const subscription = checkout.data?.subscription;
  const gaveUp = Boolean(checkout.data) && !subscription && checkout.attempts >= VERIFY_ATTEMPTS;

  let body;
  if (!sessionId) {
    body = (
      <div className="space-y-4">
        <p className="text-neutral-700">{t('billing:success.missing')}</p>
        <Link to={paths.billing.subscription.getHref()} className={buttonClasses({ size: 'md' })}>
          {t('billing:cancel.back')}
        </Link>
      </div>
    );
  } else if (checkout.isError) {
    body = (
      <div role="alert" className="flex items-start gap-3 text-red-800">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="space-y-3">
          <p className="font-medium">{t('billing:success.failed')}</p>
          <p className="text-sm">{t(errorMessageKey(checkout.error))}</p>
          <Button variant="outline" onClick={() => void checkout.refetch()}>
            {t('billing:success.checkAgain')}
          </Button>
        </div>
      </div>
    );
  } else if (subscription) {
    body = (
      <div role="status" className="space-y-4">
        <p className="flex items-center gap-3 text-lg font-semibold text-green-800">
          <BadgeCheck aria-hidden="true" className="size-6 shrink-0" />
          {t('billing:success.verified', { plan: planName })}
        </p>
        {subscription.currentPeriodEnd && (
          <p className="text-neutral-700">
            {t('billing:success.periodEnd', { date: formatDate(subscription.currentPeriodEnd) })}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Link to={paths.app.dashboard.getHref()} className={buttonClasses({ size: 'md' })}>
            {t('billing:success.toDashboard')}
          </Link>
          {subscription.forCompany && (
            <Link to={paths.onboarding.company.getHref()} className={buttonClasses({ size: 'md', variant: 'outline' })}>
              {t('billing:success.inviteTeam')}
            </Link>
          )}
        </div>
      </div>
    );
  } else if (gaveUp || checkout.data?.status === 'expired') {
    body = (
      <div className="space-y-4">
        <p className="text-neutral-700">{t('billing:success.stillPending')}</p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void checkout.refetch()}>{t('billing:success.checkAgain')}</Button>
          <Link to={paths.billing.subscription.getHref()} className={buttonClasses({ variant: 'outline' })}>
            {t('billing:cancel.back')}
          </Link>
        </div>
      </div>
    );
  } else {
    body = (
      <p role="status" className="flex items-center gap-3 text-neutral-700">
        <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin motion-reduce:animate-none" />
        {checkout.data ? t('billing:success.pending') : t('billing:success.verifying')}
      </p>
    );
  }

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title={t('common:pages.subscriptionSuccess.title')}
        description={t('common:pages.subscriptionSuccess.description')}
      />
      <div className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm">{body}</div>
    </div>
  );
}
