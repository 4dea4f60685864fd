import {
  testCards,
  testPaymentInputSchema,
  type TestPaymentInput,
  type TestPaymentResult,
} from '@compliance/shared/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAuthenticateTestCheckout } from '../api/authenticate-test-checkout.ts';
import { useTestCheckout } from '../api/get-test-checkout.ts';
import { usePayTestCheckout } from '../api/pay-test-checkout.ts';
import { formatMoney, useFormatters } from '@/lib/format.ts';

export const handle = { title: 'billing:checkout.testMode' } satisfies RouteHandle;

const cardGroups = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

const cardList = [
  { number: testCards.success, label: 'billing:checkout.cardSuccess' },
  { number: testCards.declined, label: 'billing:checkout.cardDeclined' },
  { number: testCards.insufficientFunds, label: 'billing:checkout.cardInsufficient' },
  { number: testCards.requiresAuthentication, label: 'billing:checkout.cardAuthentication' },
] as const;

/**
 * The built-in provider's checkout page (TEST MODE, /subscription/test-checkout/:sessionId): pays
 * with test cards only. The server records the payment and verifies it like a Stripe payment.
 */
export function Component() {
  const { t, i18n } = useTranslation(['billing', 'errors']);
  const { formatDate } = useFormatters();
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useTestCheckout(sessionId);
  const pay = usePayTestCheckout(sessionId);
  const authenticate = useAuthenticateTestCheckout(sessionId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<TestPaymentInput>({
    resolver: zodResolver(testPaymentInputSchema),
    defaultValues: { cardNumber: '' },
  });

  const settle = (result: TestPaymentResult) => {
    if (result.outcome === 'succeeded' && result.redirectUrl) void navigate(result.redirectUrl);
    else if (result.outcome === 'declined') setRefusal(t('billing:checkout.declined'));
    else if (result.outcome === 'insufficient_funds') setRefusal(t('billing:checkout.insufficientFunds'));
    else setRefusal(null);
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      settle(await pay.mutateAsync(values));
    } catch (error) {
      setRefusal(t(errorMessageKey(error)));
    }
  });
  const onAuthenticate = async (approve: boolean) => {
    try {
      settle(await authenticate.mutateAsync(approve));
    } catch (error) {
      setRefusal(t(errorMessageKey(error)));
    }
  };

  const banner = (
    <div className="mb-6 rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-amber-900">
      <p className="flex items-center gap-2 text-lg font-bold tracking-wide">
        <FlaskConical aria-hidden="true" className="size-5 shrink-0" />
        {t('billing:checkout.testMode')}
      </p>
      <p className="mt-1 text-sm">{t('billing:checkout.testModeDescription')}</p>
    </div>
  );

  if (checkout.isPending) return <Skeleton className="h-96" />;
  if (checkout.isError) {
    return (
      <>
        {banner}
        <p role="alert" className="text-red-700">
          {t(errorMessageKey(checkout.error))}
        </p>
        <Link to={paths.billing.subscription.getHref()} className={buttonClasses({ className: 'mt-4' })}>
          {t('billing:checkout.backToPlans')}
        </Link>
      </>
    );
  }
  const data = checkout.data;
  const amount = formatMoney(data.amount, data.currency, i18n.language);
  const interval = t(
    data.interval === 'month'
      ? 'billing:plans.monthly'
      : data.interval === 'year'
        ? 'billing:plans.yearly'
        : 'billing:checkout.oneTime',
  );
  // A one-time purchase (a marketplace listing) goes back where it came from; a plan to the plans.
  const backHref = data.mode === 'payment' ? data.cancelUrl : paths.billing.subscription.getHref();

  return (
    <>
      {banner}
      <h1 className="text-2xl font-semibold text-neutral-900">
        {t('billing:checkout.title', { plan: data.planName })}
      </h1>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-xl bg-neutral-50 p-4 text-sm">
        <dt className="text-neutral-600">
          {t('billing:checkout.summary', { plan: data.planName, interval })}
          {data.seats > 1 && ` · ${t('billing:checkout.seatsCount', { count: data.seats })}`}
        </dt>
        <dd className="text-right text-neutral-900">
          {data.proration ? formatMoney(data.proration.fullAmount, data.currency, i18n.language) : amount}
        </dd>
        {data.proration && (
          <>
            <dt className="text-neutral-600">
              {t('billing:checkout.proration', { date: formatDate(data.proration.periodEnd) })}
            </dt>
            <dd className="text-right text-neutral-900">
              {formatMoney(data.amount - data.proration.fullAmount, data.currency, i18n.language)}
            </dd>
          </>
        )}
        <dt className="font-semibold text-neutral-900">{t('billing:checkout.amountDue')}</dt>
        <dd className="text-right font-semibold text-neutral-900">{amount}</dd>
      </dl>
      {data.mode === 'change' && <p className="mt-2 text-sm text-neutral-600">{t('billing:checkout.changeNote')}</p>}
      <p className="mt-2 text-sm text-neutral-600">{t('billing:checkout.email', { email: data.email })}</p>

      {data.status !== 'open' ? (
        <div className="mt-6 space-y-3">
          <p>{t('billing:checkout.closed')}</p>
          <Link to={backHref} className={buttonClasses()}>
            {t(data.mode === 'payment' ? 'billing:checkout.goBack' : 'billing:checkout.backToPlans')}
          </Link>
        </div>
      ) : data.requiresAuthentication ? (
        <section aria-labelledby="test-authentication" className="mt-6 rounded-xl border border-neutral-200 p-4">
          <h2 id="test-authentication" className="flex items-center gap-2 font-semibold text-neutral-900">
            <ShieldCheck aria-hidden="true" className="size-5 text-primary-600" />
            {t('billing:checkout.authenticationTitle')}
          </h2>
          <p className="mt-1 text-sm text-neutral-600">{t('billing:checkout.authenticationDescription')}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button disabled={authenticate.isPending} onClick={() => void onAuthenticate(true)}>
              {t('billing:checkout.approve')}
            </Button>
            <Button
              variant="outline"
              color="danger"
              disabled={authenticate.isPending}
              onClick={() => void onAuthenticate(false)}
            >
              {t('billing:checkout.fail')}
            </Button>
          </div>
        </section>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-4">
          <FormField
            label={t('billing:checkout.cardNumber')}
            required
            error={form.formState.errors.cardNumber?.message ? t(form.formState.errors.cardNumber.message) : undefined}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              placeholder="4242 4242 4242 4242"
              {...form.register('cardNumber')}
            />
          </FormField>
          {refusal && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {refusal}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="md" disabled={form.formState.isSubmitting}>
              {t('billing:checkout.pay', { amount })}
            </Button>
            <Link
              to={data.mode === 'payment' ? data.cancelUrl : paths.billing.cancel.getHref()}
              className={buttonClasses({ variant: 'ghost', color: 'neutral', size: 'md' })}
            >
              {t('billing:checkout.cancel')}
            </Link>
          </div>
        </form>
      )}

      {data.status === 'open' && !data.requiresAuthentication && (
        <section aria-labelledby="test-cards" className="mt-8 border-t border-neutral-200 pt-4">
          <h2 id="test-cards" className="text-sm font-semibold text-neutral-900">
            {t('billing:checkout.testCards')}
          </h2>
          <ul className="mt-2 divide-y divide-neutral-100 text-sm">
            {cardList.map((card) => (
              <li key={card.number} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-mono text-neutral-900">{cardGroups(card.number)}</span>
                  <span className="ml-2 text-neutral-600">{t(card.label)}</span>
                </span>
                <Button
                  variant="link"
                  onClick={() => form.setValue('cardNumber', cardGroups(card.number), { shouldValidate: true })}
                >
                  {t('billing:checkout.useCard', { card: t(card.label) })}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
