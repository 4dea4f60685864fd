import { currencies, type Currency } from '@compliance/shared/billing';
import { splitVat, vatRateFor, type InvoiceDto } from '@compliance/shared/invoices';
import type { Locale } from '@compliance/shared/locales';
import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { isCompanyAdmin, type Access } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { OnboardingService } from '../onboarding/onboarding.service.ts';
import type { BillingRepository } from './billing.repository.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { NotifyRefund } from './refund-notice.ts';

export function toInvoiceDto(row: InvoiceRow): InvoiceDto {
  return {
    id: row.id,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    provider: row.provider,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    buyerCountry: row.buyerCountry,
    currency: row.currency,
    lines: row.lines,
    net: row.net,
    vatRate: row.vatRate,
    vat: row.vat,
    total: row.total,
    status: row.status,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    hostedUrl: row.hostedUrl,
    providerPdfUrl: row.providerPdfUrl,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

const isCurrency = (value: string): value is Currency => (currencies as readonly string[]).includes(value);

/**
 * Invoices: each verified payment of a subscription (the provider's invoice, re-read from the
 * provider when an event names it) is recorded once, with its VAT split by the one rule in
 * @compliance/shared/invoices. Users read and download their own; refunds go through the provider.
 */
export function createInvoicesService({
  access,
  repository,
  onboarding,
  provider,
  notifyRefund,
  now,
  log,
}: {
  access: Access;
  repository: BillingRepository;
  onboarding: OnboardingService;
  provider: PaymentProvider;
  /** The buyer's refund e-mail. */
  notifyRefund: NotifyRefund;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  /** The buyer hears once that an invoice was refunded; the subscription itself runs on. */
  const refunded = (row: InvoiceRow) =>
    notifyRefund(row.userId, {
      amount: row.total,
      currency: row.currency,
      item: row.number,
      effect: 'subscription',
      path: '/subscription',
    });

  /** An invoice the caller may read: their own, or their company's when they manage its billing. */
  async function readable(actor: Actor, id: string): Promise<InvoiceRow> {
    const caller = await access.require(actor, 'billing.read');
    const row = await repository.invoiceById(id);
    if (row && row.userId === caller.user.id && !row.companyId) return row;
    if (row?.companyId) {
      const membership = await onboarding.membership(caller.user.id);
      if (membership?.companyId === row.companyId && isCompanyAdmin(membership)) return row;
    }
    throw new AppError('NOT_FOUND', 404, 'No such invoice');
  }

  return {
    /** Re-reads a provider invoice and records it when it is paid and its subscription is known here. */
    async syncInvoice(providerInvoiceId: string): Promise<string> {
      if (await repository.invoiceByProviderId(provider.kind, providerInvoiceId)) return 'invoice-known';
      const remote = await provider.retrieveInvoice(providerInvoiceId);
      if (!remote.paid || remote.amountPaid <= 0) return 'invoice-not-paid';
      const subscription = remote.subscriptionId
        ? await repository.subscriptionByProviderId(provider.kind, remote.subscriptionId)
        : null;
      // Unknown yet: the checkout's fulfilment reads the subscription's latest invoice again.
      if (!subscription) return 'invoice-unknown-subscription';
      const currency = remote.currency.toUpperCase();
      if (!isCurrency(currency)) {
        log.warn({ providerInvoiceId, currency }, 'an invoice in a currency the app does not sell');
        return 'invoice-currency-unknown';
      }
      const { user, company } = await repository.buyerOf(subscription);
      const buyerCountry = company?.country ?? null;
      const vatRate = vatRateFor(buyerCountry);
      const { net, vat } = splitVat(remote.amountPaid, vatRate);
      const userName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
      await repository.insertInvoice({
        userId: user?.id ?? null,
        companyId: subscription.companyId,
        subscriptionId: subscription.id,
        provider: provider.kind,
        providerInvoiceId: remote.id,
        providerPaymentId: remote.paymentId,
        buyerName: company ? `${company.name}${userName ? ` (${userName})` : ''}` : userName || (user?.email ?? ''),
        buyerEmail: user?.email ?? '',
        buyerCountry,
        currency,
        lines:
          remote.lines.length > 0
            ? remote.lines
            : [
                {
                  description: subscription.planId,
                  quantity: 1,
                  unitAmount: remote.amountPaid,
                  amount: remote.amountPaid,
                },
              ],
        net,
        vatRate,
        vat,
        total: remote.amountPaid,
        periodStart: remote.periodStart,
        periodEnd: remote.periodEnd,
        hostedUrl: remote.hostedUrl,
        providerPdfUrl: remote.pdfUrl,
        issuedAt: now(),
      });
      return 'invoice-created';
    },

    async list(actor: Actor): Promise<InvoiceDto[]> {
      const caller = await access.require(actor, 'billing.read');
      const membership = await onboarding.membership(caller.user.id);
      const companyId = membership && isCompanyAdmin(membership) ? membership.companyId : null;
      const rows = await repository.listInvoices(caller.user.id, companyId);
      // A member's own rows of a company subscription belong to the company's admin.
      return rows.filter((row) => !row.companyId || row.companyId === companyId).map(toInvoiceDto);
    },

    async pdf(actor: Actor, { id, lang }: { id: string; lang: Locale }): Promise<{ number: string; pdf: Uint8Array }> {
      const row = await readable(actor, id);
      return { number: row.number, pdf: await renderInvoicePdf(row, lang) };
    },

    /** Gives an invoice's payment back in full at the provider, once (callers check access and audit). */
    async refund(id: string): Promise<InvoiceRow> {
      const row = await repository.invoiceById(id);
      if (!row) throw new AppError('NOT_FOUND', 404, 'No such invoice');
      if (row.status === 'refunded') throw new AppError('CONFLICT', 409, 'The invoice is refunded already');
      if (!row.providerPaymentId) throw new AppError('CONFLICT', 409, 'The invoice names no payment to refund');
      await provider.refundPayment(row.providerPaymentId, `invoice-${row.id}`);
      const marked = await repository.markInvoiceRefunded(row.id, now());
      if (marked) await refunded(marked);
      return marked ?? row;
    },

    /**
     * A refund event naming a subscription invoice's payment (e.g. refunded in Stripe's dashboard):
     * the provider is asked whether it was really given back; the invoice is marked once.
     */
    async syncRefund(providerPaymentId: string): Promise<string | null> {
      const row = await repository.invoiceByProviderPaymentId(provider.kind, providerPaymentId);
      if (!row) return null;
      if (row.status === 'refunded') return 'invoice-refunded';
      if (!(await provider.paymentRefunded(providerPaymentId))) return `invoice-${row.status}`;
      const marked = await repository.markInvoiceRefunded(row.id, now());
      if (marked) await refunded(marked);
      return 'invoice-refunded';
    },

    async listAll(limit: number): Promise<InvoiceDto[]> {
      return (await repository.listAllInvoices(limit)).map(toInvoiceDto);
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
