import { subscriptionStatuses, type AdminSubscription } from '@compliance/shared/billing';
import { Building2, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { DataTable, ListQuery } from '@/components/ui/data-table.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAdminCompanies, useAdminSubscriptions, useSimulateRenewal } from '../api/admin-billing.ts';
import { useAdminPlans } from '../api/get-admin-plans.ts';
import { AdminBillingNav } from '../components/admin-billing-nav.tsx';
import { GrantPlanForm } from '../components/grant-plan-form.tsx';
import { RevokeGrantButton } from '../components/revoke-grant-dialog.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { planText } from '../utils/plan-text.ts';

export const handle = { title: 'billing:adminBilling.title' } satisfies RouteHandle;

const statusFilters = [...subscriptionStatuses, 'granted', 'expired', 'revoked'] as const;

/** A plan's name in the reader's language (its id until the plans have loaded). */
function usePlanName(): (id: string) => string {
  const { t } = useTranslation('billing');
  const plans = useAdminPlans();
  return (id) => {
    const plan = plans.data?.find((candidate) => candidate.id === id);
    return plan ? planText(plan, t).name : id;
  };
}

/** TEST MODE: run a renewal now, paid or declined (to try the grace period and its recovery). */
function RenewalActions({ row }: { row: AdminSubscription }) {
  const { t } = useTranslation(['billing', 'errors']);
  const renew = useSimulateRenewal();
  if (row.kind !== 'subscription' || row.provider !== 'test' || row.status === 'canceled') return null;
  const run = (outcome: 'succeeded' | 'declined') =>
    renew.mutate(
      { id: row.id, outcome },
      {
        onSuccess: () => toast.add({ title: t(`billing:adminBilling.renewal.${outcome}`), color: 'success' }),
        onError: (error) => toast.add({ title: t(errorMessageKey(error)), color: 'danger' }),
      },
    );
  return (
    <div className="flex flex-wrap gap-1">
      <Button size="xs" variant="outline" color="neutral" disabled={renew.isPending} onClick={() => run('succeeded')}>
        {t('billing:adminBilling.renewal.pay', { holder: row.holderName })}
      </Button>
      <Button size="xs" variant="outline" color="danger" disabled={renew.isPending} onClick={() => run('declined')}>
        {t('billing:adminBilling.renewal.decline', { holder: row.holderName })}
      </Button>
    </div>
  );
}

function Subscriptions() {
  const { t } = useTranslation(['billing', 'errors']);
  const { formatDate } = useFormatters();
  const [params, setParams] = useSearchParams();
  const applied = { search: params.get('search') ?? '', status: params.get('status') ?? '' };
  const [draft, setDraft] = useState(applied);
  const list = useAdminSubscriptions(applied);
  const planName = usePlanName();

  return (
    <section aria-labelledby="subscriptions-title" className="space-y-4">
      <h2 id="subscriptions-title" className="text-lg font-semibold text-neutral-900">
        {t('billing:adminBilling.subscriptions.title')}
      </h2>
      <form
        aria-label={t('billing:adminBilling.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== '')));
        }}
        className="grid gap-3 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:grid-cols-3"
      >
        <FormField label={t('billing:adminBilling.subscriptions.search')}>
          <Input value={draft.search} onChange={(event) => setDraft({ ...draft, search: event.target.value })} />
        </FormField>
        <FormField label={t('billing:adminBilling.subscriptions.status')}>
          <Select
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
            options={[
              { value: '', label: t('billing:adminBilling.subscriptions.anyStatus') },
              ...statusFilters.map((status) => ({ value: status, label: t(`billing:adminBilling.status.${status}`) })),
            ]}
          />
        </FormField>
        <div className="flex items-end">
          <Button type="submit">{t('billing:adminBilling.apply')}</Button>
        </div>
      </form>
      <ListQuery query={list} empty={{ icon: CreditCard, title: t('billing:adminBilling.subscriptions.empty') }}>
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(row) => `${row.kind}-${row.id}`}
            minWidth="lg"
            columns={[
              {
                id: 'holder',
                header: t('billing:adminBilling.subscriptions.holder'),
                cell: (row) => (
                  <>
                    <span className="flex items-center gap-1 font-medium text-neutral-900">
                      {row.holderType === 'company' && (
                        <Building2 aria-label={t('billing:adminBilling.subscriptions.company')} className="size-4" />
                      )}
                      {row.holderName}
                    </span>
                    {row.holderEmail && <span className="block text-xs text-neutral-500">{row.holderEmail}</span>}
                  </>
                ),
              },
              {
                id: 'plan',
                header: t('billing:adminBilling.subscriptions.plan'),
                cell: (row) => (
                  <>
                    {planName(row.planId)}
                    <span className="block text-xs text-neutral-500">
                      {row.kind === 'grant'
                        ? t('billing:adminBilling.subscriptions.granted')
                        : t(`billing:adminBilling.subscriptions.provider.${row.provider ?? 'test'}`)}
                    </span>
                  </>
                ),
              },
              {
                id: 'status',
                header: t('billing:adminBilling.subscriptions.status'),
                cell: (row) => (
                  <>
                    <StatusBadge status={row.status} />
                    {row.cancelAtPeriodEnd && (
                      <span className="block text-xs text-neutral-500">
                        {t('billing:adminBilling.subscriptions.cancelling')}
                      </span>
                    )}
                    {row.revoked && (
                      <span className="block text-xs text-neutral-500">
                        {t('billing:adminBilling.revoke.revokedBy', {
                          email: row.revoked.byEmail,
                          reason: row.revoked.reason,
                        })}
                      </span>
                    )}
                    {row.graceUntil && row.status === 'past_due' && (
                      <span className="block text-xs text-amber-800">
                        {t('billing:adminBilling.subscriptions.graceUntil', { date: formatDate(row.graceUntil) })}
                      </span>
                    )}
                  </>
                ),
              },
              { id: 'seats', header: t('billing:adminBilling.subscriptions.seats'), cell: (row) => row.seats },
              {
                id: 'periodEnd',
                header: t('billing:adminBilling.subscriptions.periodEnd'),
                cell: (row) => (row.periodEnd ? formatDate(row.periodEnd) : '—'),
              },
              {
                id: 'actions',
                header: t('billing:adminBilling.subscriptions.actions'),
                cell: (row) => (
                  <>
                    <RenewalActions row={row} />
                    <RevokeGrantButton row={row} planName={planName(row.planId)} />
                  </>
                ),
              },
            ]}
          />
        )}
      </ListQuery>
    </section>
  );
}

function Companies() {
  const { t } = useTranslation(['billing', 'errors']);
  const { formatDate } = useFormatters();
  const companies = useAdminCompanies();
  const planName = usePlanName();
  return (
    <section aria-labelledby="companies-title" className="space-y-4">
      <h2 id="companies-title" className="text-lg font-semibold text-neutral-900">
        {t('billing:adminBilling.companies.title')}
      </h2>
      <ListQuery
        query={companies}
        empty={{ icon: Building2, title: t('billing:adminBilling.companies.empty') }}
        loadingClassName="h-32"
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(company) => company.id}
            columns={[
              {
                id: 'name',
                header: t('billing:adminBilling.companies.name'),
                className: 'font-medium text-neutral-900',
                cell: (company) => company.name,
              },
              {
                id: 'country',
                header: t('billing:adminBilling.companies.country'),
                cell: (company) => company.country,
              },
              {
                id: 'plan',
                header: t('billing:adminBilling.subscriptions.plan'),
                cell: (company) => planName(company.planId),
              },
              {
                id: 'status',
                header: t('billing:adminBilling.subscriptions.status'),
                cell: (company) => <StatusBadge status={company.status} />,
              },
              {
                id: 'seats',
                header: t('billing:adminBilling.companies.seats'),
                cell: (company) =>
                  t('billing:adminBilling.companies.seatsUsed', { used: company.members, limit: company.seats }),
              },
              {
                id: 'periodEnd',
                header: t('billing:adminBilling.subscriptions.periodEnd'),
                cell: (company) => (company.periodEnd ? formatDate(company.periodEnd) : '—'),
              },
            ]}
          />
        )}
      </ListQuery>
    </section>
  );
}

/** Admin: who holds which plan, every company's plan and seats, and manual grants (/admin/billing). */
export function Component() {
  const { t } = useTranslation('billing');
  const plans = useAdminPlans();
  return (
    <>
      <PageHeader title={t('billing:adminBilling.title')} description={t('billing:adminBilling.description')} />
      <AdminBillingNav />
      <div className="space-y-8">
        {plans.data && <GrantPlanForm plans={plans.data} />}
        <Subscriptions />
        <Companies />
      </div>
    </>
  );
}
