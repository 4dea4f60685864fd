import { isLocale } from '@compliance/shared/locales';
import { Download, ExternalLink, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatMoney, useFormatters } from '@/lib/format.ts';
import { useDownloadInvoice, useInvoices } from '../api/invoices.ts';
import { StatusBadge } from './status-badge.tsx';

const th = 'px-4 py-2 font-semibold';

/** The caller's invoices on /subscription: each as PDF, and Stripe's own invoice page where it exists. */
export function InvoiceList() {
  const { t, i18n } = useTranslation(['billing', 'errors']);
  const { formatDate } = useFormatters();
  const invoices = useInvoices();
  const download = useDownloadInvoice();
  const lang = isLocale(i18n.language) ? i18n.language : 'en';
  if (invoices.isPending || invoices.isError || invoices.data.length === 0) return null;
  return (
    <section aria-labelledby="invoices-title" className="mt-10">
      <h2 id="invoices-title" className="mb-3 flex items-center gap-2 text-lg font-semibold text-neutral-900">
        <Receipt aria-hidden="true" className="size-5 text-neutral-500" />
        {t('billing:invoices.title')}
      </h2>
      <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <thead className="bg-neutral-50 text-xs text-neutral-600 uppercase">
            <tr>
              <th scope="col" className={th}>
                {t('billing:invoices.number')}
              </th>
              <th scope="col" className={th}>
                {t('billing:invoices.date')}
              </th>
              <th scope="col" className={th}>
                {t('billing:invoices.net')}
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
                <span className="sr-only">{t('billing:invoices.download')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {invoices.data.map((invoice) => (
              <tr key={invoice.id}>
                <td className="px-4 py-2 font-medium text-neutral-900">{invoice.number}</td>
                <td className="px-4 py-2">{formatDate(invoice.issuedAt)}</td>
                <td className="px-4 py-2">{formatMoney(invoice.net, invoice.currency, i18n.language)}</td>
                <td className="px-4 py-2">
                  {invoice.vatRate > 0
                    ? t('billing:invoices.vatAmount', {
                        amount: formatMoney(invoice.vat, invoice.currency, i18n.language),
                        rate: (invoice.vatRate / 100).toLocaleString(i18n.language),
                      })
                    : t('billing:invoices.noVat')}
                </td>
                <td className="px-4 py-2 font-medium">{formatMoney(invoice.total, invoice.currency, i18n.language)}</td>
                <td className="px-4 py-2">
                  <StatusBadge status={invoice.status} />
                </td>
                <td className="px-4 py-2">
                  <div className="flex flex-wrap justify-end gap-1">
                    {invoice.hostedUrl && (
                      <a
                        href={invoice.hostedUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-primary-700 hover:bg-primary-50"
                      >
                        <ExternalLink aria-hidden="true" className="size-3.5" />
                        {t('billing:invoices.openStripe', { number: invoice.number })}
                      </a>
                    )}
                    {invoice.providerPdfUrl && (
                      <a
                        href={invoice.providerPdfUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-primary-700 hover:bg-primary-50"
                      >
                        <ExternalLink aria-hidden="true" className="size-3.5" />
                        {t('billing:invoices.openStripePdf', { number: invoice.number })}
                      </a>
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
