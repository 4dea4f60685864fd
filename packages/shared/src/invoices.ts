import { z } from 'zod';
import { currencySchema, paymentProviderSchema } from './billing.ts';

/**
 * Invoices (issue 15): one for each verified payment of a subscription, the first and every renewal.
 * Amounts are in minor units; the price charged is the invoice's total, VAT included.
 */

/**
 * The VAT rule, in this one place: Swiss VAT of 8.1 % applies when the buyer (their company, else
 * their own country) is in Switzerland; no VAT is charged otherwise. Rates are in basis points.
 */
export const SWISS_VAT_RATE_BASIS_POINTS = 810;

export function vatRateFor(buyerCountry: string | null | undefined): number {
  return buyerCountry?.toUpperCase() === 'CH' ? SWISS_VAT_RATE_BASIS_POINTS : 0;
}

/** Splits a total (VAT included) into net and VAT at a rate in basis points; the parts add up to the total. */
export function splitVat(total: number, rateBasisPoints: number): { net: number; vat: number } {
  const net = Math.round((total * 10_000) / (10_000 + rateBasisPoints));
  return { net, vat: total - net };
}

export const invoiceStatuses = ['paid', 'refunded'] as const;

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitAmount: z.number().int(),
  amount: z.number().int(),
});
export type InvoiceLineDto = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  issuedAt: z.iso.datetime(),
  provider: paymentProviderSchema,
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerCountry: z.string().nullable(),
  currency: currencySchema,
  lines: z.array(invoiceLineSchema),
  net: z.number().int(),
  /** Basis points: 810 = 8.1 %. */
  vatRate: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  status: z.enum(invoiceStatuses),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
  /** Stripe's own invoice page and PDF, where Stripe has them; else the app's PDF is the invoice. */
  hostedUrl: z.string().nullable(),
  providerPdfUrl: z.string().nullable(),
  refundedAt: z.iso.datetime().nullable(),
});
export type InvoiceDto = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });

export const invoiceParamsSchema = z.object({ id: z.uuid() });
