import { isLocale } from '@compliance/shared/locales';
import { Download, ExternalLink, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatMoney, useFormatters } from '@/lib/format.ts';
import { useDownloadInvoice, useInvoices } from '../api/invoices.ts';
import { StatusBadge } from './status-badge.tsx';

/** Stripe's own page or PDF of an invoice, in a new tab. */
function ExternalInvoiceLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-primary-700 hover:bg-primary-50"
    >
      <ExternalLink aria-hidden="true" className="size-3.5" />
      {children}
    </a>
  );
}

/** The caller's invoices on /subscription: each as PDF, and Stripe's own invoice page where it exists. */
export function InvoiceList() {
  const { t, i18n } = useTranslation(['billing', 'errors']);
  const { formatDate } = useFormatters();
  const invoices = useInvoices();
  const download = useDownloadInvoice();
  const lang = isLocale(i18n.language) ? i18n.language : 'en';
  if (invoices.isPending || invoices.isError || invoices.data.length === 0) return null;
  const money = (amount: number, invoice: { currency: string }) => formatMoney(amount, invoice.currency, i18n.language);
  return (
    <section aria-labelledby="invoices-title" className="mt-10">
      <h2 id="invoices-title" className="mb-3 flex items-center gap-2 text-lg font-semibold text-neutral-900">
        <Receipt aria-hidden="true" className="size-5 text-neutral-500" />
        {t('billing:invoices.title')}
      </h2>
      <DataTable
        rows={invoices.data}
        rowKey={(invoice) => invoice.id}
        columns={[
          {
            id: 'number',
            header: t('billing:invoices.number'),
            className: 'font-medium text-neutral-900',
            cell: (invoice) => invoice.number,
          },
          { id: 'date', header: t('billing:invoices.date'), cell: (invoice) => formatDate(invoice.issuedAt) },
          { id: 'net', header: t('billing:invoices.net'), cell: (invoice) => money(invoice.net, invoice) },
          {
            id: 'vat',
            header: t('billing:invoices.vat'),
            cell: (invoice) =>
              invoice.vatRate > 0
                ? t('billing:invoices.vatAmount', {
                    amount: money(invoice.vat, invoice),
                    rate: (invoice.vatRate / 100).toLocaleString(i18n.language),
                  })
                : t('billing:invoices.noVat'),
          },
          {
            id: 'total',
            header: t('billing:invoices.total'),
            className: 'font-medium',
            cell: (invoice) => money(invoice.total, invoice),
          },
          {
            id: 'status',
            header: t('billing:invoices.status'),
            cell: (invoice) => <StatusBadge status={invoice.status} />,
          },
          {
            id: 'actions',
            header: <span className="sr-only">{t('billing:invoices.download')}</span>,
            cell: (invoice) => (
              <div className="flex flex-wrap justify-end gap-1">
                {invoice.hostedUrl && (
                  <ExternalInvoiceLink href={invoice.hostedUrl}>
                    {t('billing:invoices.openStripe', { number: invoice.number })}
                  </ExternalInvoiceLink>
                )}
                {invoice.providerPdfUrl && (
                  <ExternalInvoiceLink href={invoice.providerPdfUrl}>
                    {t('billing:invoices.openStripePdf', { number: invoice.number })}
                  </ExternalInvoiceLink>
                )}
                <Button
                  size="xs"
                  variant="outline"
                  color="neutral"
                  icon={Download}
                  onClick={() =>
                    download.mutate(
                      { invoice, lang },
                      { onError: (error) => toast.add({ title: t(errorMessageKey(error)), color: 'danger' }) },
                    )
                  }
                >
                  {t('billing:invoices.downloadNumber', { number: invoice.number })}
                </Button>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
