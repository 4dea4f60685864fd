import type { InvoiceDto } from '@compliance/shared/invoices';
import type { Locale } from '@compliance/shared/locales';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { downloadFromApi } from '@/lib/download.ts';
import { billingQueryKeys } from './query-keys.ts';

export const getInvoices = () => api.get<{ invoices: InvoiceDto[] }>('/billing/invoices');

/** The caller's invoices (and their company's, for its admin), newest first. */
export function useInvoices() {
  return useQuery({ queryKey: billingQueryKeys.invoices(), queryFn: getInvoices, select: (data) => data.invoices });
}

/** Saves one invoice as PDF, in the interface language. */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: ({ invoice, lang }: { invoice: InvoiceDto; lang: Locale }) =>
      downloadFromApi(`/billing/invoices/${encodeURIComponent(invoice.id)}/pdf`, `invoice-${invoice.number}.pdf`, {
        lang,
      }),
    meta: { errorToast: false },
  });
}
