import type { InvoiceDto } from '@compliance/shared/invoices';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatMoney, useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAdminInvoices, useRefundInvoice } from '../api/admin-billing.ts';
import { AdminBillingNav } from '../components/admin-billing-nav.tsx';
import { StatusBadge } from '../components/status-badge.tsx';

export const handle = { title: 'billing:adminBilling.invoices.title' } satisfies RouteHandle;

const th = 'px-4 py-2 font-semibold';

/** Admin: every invoice, with a full refund through the payment provider (/admin/billing/invoices). */
export function Component() {
  const { t, i18n } = useTranslation(['billing', 'errors']);
  const { formatDate } = useFormatters();
  const invoices = useAdminInvoices();
  const refund = useRefundInvoice();
  const [refunding, setRefunding] = useState<InvoiceDto | null>(null);
  const money = (invoice: InvoiceDto, amount: number) => formatMoney(amount, invoice.currency, i18n.language);

  return (
    <>
      <PageHeader title={t('billing:adminBilling.title')} description={t('billing:adminBilling.description')} />
      <AdminBillingNav />
      <h2 className="mb-4 text-lg font-semibold text-neutral-900">{t('billing:adminBilling.invoices.title')}</h2>
      {invoices.isPending ? (
        <Skeleton className="h-48" />
      ) : invoices.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(invoices.error))}
        </p>
      ) : invoices.data.length === 0 ? (
        <EmptyState icon={Receipt} title={t('billing:invoices.empty')} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="bg-neutral-50 text-xs text-neutral-600 uppercase">
              <tr>
                <th scope="col" className={th}>
                  {t('billing:invoices.number')}
                </th>
                <th scope="col" className={th}>
                  {t('billing:invoices.date')}
                </th>
                <th scope="col" className={th}>
                  {t('billing:invoices.buyer')}
                </th>
                <th scope="col" className={th}>
                  {t('billing:invoices.vat')}
                </th>
                <th scope="col" className={th}>
                  {t('billing:invoices.total')}
                </th>
                <th scope="col" className={th}>
                  {t('billing:invoices.status')}
                </th>
                <th scope="col" className={th}>
                  {t('billing:adminBilling.subscriptions.actions')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {invoices.data.map((invoice) => (
                <tr key={invoice.id}>
                  <td className="px-4 py-2 font-medium text-neutral-900">{invoice.number}</td>
                  <td className="px-4 py-2">{formatDate(invoice.issuedAt)}</td>
                  <td className="px-4 py-2">
                    {invoice.buyerName}
                    <span className="block text-xs text-neutral-500">{invoice.buyerEmail}</span>
                  </td>
                  <td className="px-4 py-2">{money(invoice, invoice.vat)}</td>
                  <td className="px-4 py-2">{money(invoice, invoice.total)}</td>
                  <td className="px-4 py-2">
                    <StatusBadge status={invoice.status} />
                  </td>
                  <td className="px-4 py-2">
                    {invoice.status === 'paid' && (
                      <Button size="xs" variant="outline" color="danger" onClick={() => setRefunding(invoice)}>
                        {t('billing:adminBilling.invoices.refund', { number: invoice.number })}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={refunding !== null}
        onOpenChange={(open) => !open && setRefunding(null)}
        title={t('billing:adminBilling.invoices.confirmTitle', { number: refunding?.number ?? '' })}
        description={t('billing:adminBilling.invoices.confirmDescription', {
          amount: refunding ? money(refunding, refunding.total) : '',
          buyer: refunding?.buyerEmail ?? '',
        })}
        confirmLabel={t('billing:adminBilling.invoices.confirm')}
        pending={refund.isPending}
        onConfirm={() =>
          refunding &&
          refund.mutate(refunding.id, {
            onSuccess: (invoice) => {
              setRefunding(null);
              toast.add({
                title: t('billing:adminBilling.invoices.refunded', { number: invoice.number }),
                color: 'success',
              });
            },
            onError: (error) => toast.add({ title: t(errorMessageKey(error)), color: 'danger' }),
          })
        }
      />
    </>
  );
}
