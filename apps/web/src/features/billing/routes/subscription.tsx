import {
  currencies,
  type BillingInterval,
  type BillingOverview,
  type Currency,
  type PlanDto,
} from '@compliance/shared/billing';
import { ExternalLink, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { formatMoney, useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useCreateCheckout } from '../api/create-checkout.ts';
import { useBillingOverview } from '../api/get-billing-overview.ts';
import { usePlans } from '../api/get-plans.ts';
import { useBillingPortal, useResumeSubscription } from '../api/manage-subscription.ts';
import { IntervalSwitch } from '../components/interval-switch.tsx';
import { InvoiceList } from '../components/invoice-list.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import { planText } from '../utils/plan-text.ts';

export const handle = { title: 'common:pages.subscription.title' } satisfies RouteHandle;

/** Sends the browser to the provider's checkout: an app page (TEST MODE) or Stripe's. */
function openCheckout(url: string, navigate: ReturnType<typeof useNavigate>) {
  if (url.startsWith('/')) void navigate(url);
  else window.location.assign(url);
}

function SubscriptionStatus({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation(['billing', 'errors']);
  const { formatDate } = useFormatters();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const portal = useBillingPortal();
  const [confirming, setConfirming] = useState(false);
  const subscription = overview.subscription;
  if (!subscription) {
    if (!overview.grant) return null;
    return (
      <p className="mb-6 rounded-xl border border-neutral-200 bg-neutral-50 p-4 text-sm text-neutral-800">
        {t('billing:plans.granted', { date: formatDate(overview.grant.validUntil) })}
      </p>
    );
  }
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : '';
  const showError = (error: unknown) => toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-xl border border-neutral-200 bg-neutral-50 p-4 text-sm sm:flex-row sm:items-center">
      <p className="flex-1 text-neutral-800">
        {subscription.status === 'past_due'
          ? subscription.graceExpired
            ? t('billing:plans.graceExpired')
            : t('billing:plans.pastDueUntil', {
                date: subscription.graceUntil ? formatDate(subscription.graceUntil) : '',
              })
          : subscription.cancelAtPeriodEnd
            ? t('billing:plans.cancelled', { date: end })
            : t('billing:plans.renews', { date: end })}
      </p>
      {overview.canManage && overview.provider === 'stripe' && (
        <Button
          variant="outline"
          color="neutral"
          icon={ExternalLink}
          loading={portal.isPending || portal.isSuccess}
          onClick={() => portal.mutate(undefined, { onError: showError })}
        >
          {t('billing:plans.manageBilling')}
        </Button>
      )}
      {overview.canManage && subscription.cancelAtPeriodEnd && subscription.status === 'active' && (
        <Button
          variant="outline"
          color="neutral"
          loading={resume.isPending}
          onClick={() =>
            resume.mutate(undefined, {
              onSuccess: () => toast.add({ title: t('billing:plans.resumed', { date: end }), color: 'success' }),
              onError: showError,
            })
          }
        >
          {t('billing:plans.resume')}
        </Button>
      )}
      {overview.canManage && !subscription.cancelAtPeriodEnd && (
        <>
          <Button variant="outline" color="neutral" onClick={() => setConfirming(true)}>
            {t('billing:plans.cancelAtPeriodEnd')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('billing:plans.cancelConfirmTitle')}
            description={t('billing:plans.cancelConfirmDescription', { date: end })}
            confirmLabel={t('billing:plans.cancelConfirm')}
            pending={cancel.isPending}
            onConfirm={() =>
              cancel.mutate(undefined, {
                onSuccess: () => setConfirming(false),
                onError: (error) => toast.add({ title: t(errorMessageKey(error)), color: 'danger' }),
              })
            }
          />
        </>
      )}
    </div>
  );
}

function ChoosePlan({
  plan,
  overview,
  interval,
  currency,
}: {
  plan: PlanDto;
  overview: BillingOverview;
  interval: BillingInterval;
  currency: Currency;
}) {
  const { t, i18n } = useTranslation(['billing', 'errors']);
  const navigate = useNavigate();
  const checkout = useCreateCheckout();
  const members = overview.inCompany ? overview.usage.seats.used : 1;
  const [seats, setSeats] = useState(Math.max(members, overview.subscription?.seats ?? 1, plan.perSeat ? 2 : 1));
  const [problem, setProblem] = useState<string | null>(null);
  const current = overview.plan.id === plan.id;
  const free = plan.prices[currency][interval] === 0;

  if (free) {
    return current ? (
      <Link to={paths.app.dashboard.getHref()} className={buttonClasses({ variant: 'outline', block: true })}>
        {t('billing:plans.continueWith', { plan: planText(plan, t).name })}
      </Link>
    ) : null;
  }
  // The plan held already, on the interval shown: nothing to buy.
  // A past-due subscription can be paid again with a new checkout (TEST MODE's "update payment").
  const settled = overview.subscription?.status !== 'past_due';
  if (!overview.canManage || (current && settled && !plan.perSeat && overview.subscription?.interval === interval)) {
    return null;
  }
  if (plan.perSeat && !overview.inCompany) {
    return (
      <div className="space-y-2 text-sm text-neutral-700">
        <p>{t('billing:plans.companyNeeded')}</p>
        <Link to={paths.onboarding.company.getHref()} className={buttonClasses({ variant: 'outline', block: true })}>
          {t('billing:plans.companyLink')}
        </Link>
      </div>
    );
  }

  const seatsValid = Number.isInteger(seats) && seats >= members && seats <= plan.limits.seats;
  const choose = () => {
    setProblem(null);
    checkout.mutate(
      { planId: plan.id, interval, currency, seats: plan.perSeat ? seats : 1 },
      {
        onSuccess: ({ url }) => openCheckout(url, navigate),
        onError: (error) => {
          if (isApiError(error) && error.code === 'COMPANY_NOT_FOUND') setProblem(t('billing:plans.companyNeeded'));
          else setProblem(t(errorMessageKey(error)));
        },
      },
    );
  };
  return (
    <>
      {plan.perSeat && (
        <FormField
          label={t('billing:plans.seats')}
          hint={t('billing:plans.seatsHint', { members })}
          error={seats > plan.limits.seats ? t('billing:plans.seatsTooMany', { count: plan.limits.seats }) : undefined}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={members}
            max={plan.limits.seats}
            value={Number.isNaN(seats) ? '' : seats}
            onChange={(event) => setSeats(event.target.valueAsNumber)}
          />
        </FormField>
      )}
      {plan.perSeat && seatsValid && (
        <p className="text-sm text-neutral-700">
          {t('billing:plans.total', {
            amount: formatMoney(plan.prices[currency][interval] * seats, currency, i18n.language),
          })}
        </p>
      )}
      {overview.subscription?.status === 'active' && overview.subscription.currency === currency && (
        <p className="text-sm text-neutral-600">{t('billing:plans.prorated')}</p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button block onClick={choose} disabled={!seatsValid || checkout.isPending || checkout.isSuccess}>
        {checkout.isPending || checkout.isSuccess
          ? t('billing:plans.redirecting')
          : t('billing:plans.choose', { plan: planText(plan, t).name })}
      </Button>
    </>
  );
}

/** Plan choice and checkout (onboarding layout, /subscription): the plans side by side. */
export function Component() {
  const { t } = useTranslation(['common', 'billing', 'errors']);
  const plans = usePlans();
  const overview = useBillingOverview();
  const [chosenInterval, setBillingInterval] = useState<BillingInterval | null>(null);
  const [chosenCurrency, setCurrency] = useState<Currency | null>(null);
  // Start from what the subscription already uses.
  const currency = chosenCurrency ?? overview.data?.subscription?.currency ?? 'CHF';
  const interval = chosenInterval ?? overview.data?.subscription?.interval ?? 'month';

  return (
    <>
      <PageHeader
        title={t('common:pages.subscription.title')}
        description={t('common:pages.subscription.description')}
      />
      {plans.isPending || overview.isPending ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          <Skeleton className="h-80" />
          <Skeleton className="h-80" />
          <Skeleton className="h-80" />
        </div>
      ) : plans.isError || overview.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(plans.error ?? overview.error))}
        </p>
      ) : (
        <>
          {overview.data.provider === 'test' && (
            <p className="mb-4 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
              {t('billing:plans.testModeNotice')}
            </p>
          )}
          {!overview.data.canManage && (
            <p className="mb-4 rounded-lg border border-neutral-200 bg-neutral-50 px-3 py-2 text-sm text-neutral-700">
              {t('billing:plans.memberNotice')}
            </p>
          )}
          <SubscriptionStatus overview={overview.data} />
          <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
            <IntervalSwitch value={interval} onChange={setBillingInterval} />
            <div className="w-32">
              <FormField label={t('billing:plans.currency')}>
                <Select
                  value={currency}
                  onChange={(event) => setCurrency(event.target.value as Currency)}
                  options={currencies.map((code) => ({ value: code, label: code }))}
                />
              </FormField>
            </div>
          </div>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {plans.data.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                interval={interval}
                currency={currency}
                current={overview.data.plan.id === plan.id}
              >
                <ChoosePlan plan={plan} overview={overview.data} interval={interval} currency={currency} />
              </PlanCard>
            ))}
          </div>
          <InvoiceList />
        </>
      )}
    </>
  );
}
