import { paymentEventVerifications } from '@compliance/shared/billing';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { usePaymentEvents } from '../api/admin-billing.ts';
import { AdminBillingNav } from '../components/admin-billing-nav.tsx';

export const handle = { title: 'billing:adminBilling.events.title' } satisfies RouteHandle;

const th = 'px-4 py-2 font-semibold';
const verificationColour = { verified: 'success', invalid_signature: 'danger', duplicate: 'neutral' } as const;

/** Admin: every payment event received, its verification and what it changed (/admin/billing/events). */
export function Component() {
  const { t } = useTranslation(['billing', 'errors']);
  const { formatDate } = useFormatters();
  const [params, setParams] = useSearchParams();
  const applied = { verification: params.get('verification') ?? '', type: params.get('type') ?? '' };
  const [draft, setDraft] = useState(applied);
  const events = usePaymentEvents(applied);

  return (
    <>
      <PageHeader title={t('billing:adminBilling.title')} description={t('billing:adminBilling.description')} />
      <AdminBillingNav />
      <h2 className="mb-1 text-lg font-semibold text-neutral-900">{t('billing:adminBilling.events.title')}</h2>
      <p className="mb-4 text-sm text-neutral-600">{t('billing:adminBilling.events.description')}</p>
      <form
        aria-label={t('billing:adminBilling.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== '')));
        }}
        className="mb-6 grid gap-3 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:grid-cols-3"
      >
        <FormField label={t('billing:adminBilling.events.verification')}>
          <Select
            value={draft.verification}
            onChange={(event) => setDraft({ ...draft, verification: event.target.value })}
            options={[
              { value: '', label: t('billing:adminBilling.events.anyVerification') },
              ...paymentEventVerifications.map((value) => ({
                value,
                label: t(`billing:adminBilling.events.verifications.${value}`),
              })),
            ]}
          />
        </FormField>
        <FormField label={t('billing:adminBilling.events.type')}>
          <Input
            value={draft.type}
            placeholder="invoice.paid"
            onChange={(event) => setDraft({ ...draft, type: event.target.value })}
          />
        </FormField>
        <div className="flex items-end">
          <Button type="submit">{t('billing:adminBilling.apply')}</Button>
        </div>
      </form>
      {events.isPending ? (
        <Skeleton className="h-48" />
      ) : events.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(events.error))}
        </p>
      ) : events.data.length === 0 ? (
        <EmptyState icon={ScrollText} title={t('billing:adminBilling.events.empty')} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <thead className="bg-neutral-50 text-xs text-neutral-600 uppercase">
              <tr>
                <th scope="col" className={th}>
                  {t('billing:adminBilling.events.received')}
                </th>
                <th scope="col" className={th}>
                  {t('billing:adminBilling.events.type')}
                </th>
                <th scope="col" className={th}>
                  {t('billing:adminBilling.events.verification')}
                </th>
                <th scope="col" className={th}>
                  {t('billing:adminBilling.events.outcome')}
                </th>
                <th scope="col" className={th}>
                  {t('billing:adminBilling.events.eventId')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {events.data.map((event) => (
                <tr key={event.id}>
                  <td className="px-4 py-2">
                    {formatDate(event.receivedAt, { dateStyle: 'medium', timeStyle: 'medium' })}
                  </td>
                  <td className="px-4 py-2 font-mono text-xs">{event.type ?? '—'}</td>
                  <td className="px-4 py-2">
                    <Badge color={verificationColour[event.verification]} variant="soft" size="sm">
                      {t(`billing:adminBilling.events.verifications.${event.verification}`)}
                    </Badge>
                  </td>
                  <td className="px-4 py-2 font-mono text-xs">
                    {event.outcome ?? '—'}
                    {(event.repeatCount ?? 1) > 1 && (
                      <span className="block font-sans text-neutral-600">
                        {t('billing:adminBilling.events.repeated', { count: event.repeatCount })}
                      </span>
                    )}
                    {event.source && (
                      <span className="block font-sans text-neutral-500">
                        {t('billing:adminBilling.events.source', { source: event.source })}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-2 font-mono text-xs">{event.eventId ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
