import type { InvoiceDto } from '@compliance/shared/invoices';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataTable, ListQuery } from '@/components/ui/data-table.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatMoney, useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAdminInvoices, useRefundInvoice } from '../api/admin-billing.ts';
import { AdminBillingNav } from '../components/admin-billing-nav.tsx';
import { StatusBadge } from '../components/status-badge.tsx';

export const handle = { title: 'billing:adminBilling.invoices.title' } satisfies RouteHandle;

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
      <ListQuery query={invoices} empty={{ icon: Receipt, title: t('billing:invoices.empty') }}>
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(invoice) => invoice.id}
            minWidth="lg"
            columns={[
              {
                id: 'number',
                header: t('billing:invoices.number'),
                className: 'font-medium text-neutral-900',
                cell: (invoice) => invoice.number,
              },
              { id: 'date', header: t('billing:invoices.date'), cell: (invoice) => formatDate(invoice.issuedAt) },
              {
                id: 'buyer',
                header: t('billing:invoices.buyer'),
                cell: (invoice) => (
                  <>
                    {invoice.buyerName}
                    <span className="block text-xs text-neutral-500">{invoice.buyerEmail}</span>
                  </>
                ),
              },
              { id: 'vat', header: t('billing:invoices.vat'), cell: (invoice) => money(invoice, invoice.vat) },
              { id: 'total', header: t('billing:invoices.total'), cell: (invoice) => money(invoice, invoice.total) },
              {
                id: 'status',
                header: t('billing:invoices.status'),
                cell: (invoice) => <StatusBadge status={invoice.status} />,
              },
              {
                id: 'actions',
                header: t('billing:adminBilling.subscriptions.actions'),
                cell: (invoice) =>
                  invoice.status === 'paid' && (
                    <Button size="xs" variant="outline" color="danger" onClick={() => setRefunding(invoice)}>
                      {t('billing:adminBilling.invoices.refund', { number: invoice.number })}
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </ListQuery>
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
