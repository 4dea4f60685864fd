import type { Currency } from '@compliance/shared/billing';
import type { FastifyBaseLogger } from 'fastify';
import type { OneTimePaymentRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { UserActor } from '../access/actor.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { RefundEffect } from '../mail/mail-templates.ts';
import type { NotifyRefund } from './refund-notice.ts';

/** What a module learns about one of its payments: paid (grant), expired (give up) or refunded (take back). */
export type PaymentOutcome = 'paid' | 'expired' | 'refunded';
export type PaymentSettledHandler = (reference: string, outcome: PaymentOutcome) => Promise<void>;

export interface StartPaymentInput {
  /** The module that asked (its handler is told the outcome). */
  purpose: string;
  /** The module's own id for what is bought. */
  reference: string;
  description: string;
  currency: Currency;
  amount: number;
  /** App paths; `{CHECKOUT_SESSION_ID}` in the success path is filled in by the provider. */
  successPath: string;
  cancelPath: string;
}

export interface PaymentStatus {
  purpose: string;
  reference: string;
  status: OneTimePaymentRow['status'];
}

/**
 * One-time payments for other modules (issue 14's marketplace), through the same provider and the
 * same verification as subscriptions: "paid" only when the provider says so when asked — after a
 * signed event or from the return page's server-side check — then the purpose's handler is told.
 * Handlers must be idempotent: a duplicate event or a racing check may tell them twice.
 */
export function createPaymentsService({
  repository,
  provider,
  notifyRefund,
  log,
}: {
  repository: PaymentsRepository;
  provider: PaymentProvider;
  /** The buyer's refund e-mail. */
  notifyRefund: NotifyRefund;
  log: FastifyBaseLogger;
}) {
  /** The buyer hears of a refund once, with the page of what they bought. */
  async function refunded(row: OneTimePaymentRow, effect: RefundEffect) {
    await notifyRefund(row.userId, {
      amount: row.amount,
      currency: row.currency,
      item: row.description,
      effect,
      path: row.cancelPath.split('?')[0] ?? '/',
    });
  }

  const handlers = new Map<string, PaymentSettledHandler>();

  async function settle(row: OneTimePaymentRow, outcome: PaymentOutcome) {
    const handler = handlers.get(row.purpose);
    if (!handler) {
      log.warn({ paymentId: row.id, purpose: row.purpose }, 'no handler for a settled payment');
      return;
    }
    await handler(row.reference, outcome);
  }

  /** Re-reads the payment's checkout at the provider and applies what it says. */
  async function sync(row: OneTimePaymentRow): Promise<OneTimePaymentRow['status']> {
    if (row.status === 'refunded') return row.status;
    const remote = await provider.retrieveCheckout(row.providerSessionId);
    if (remote.paid && remote.status === 'complete') {
      await repository.markPaid(row.id, remote.paymentId);
      await settle(row, 'paid');
      return 'paid';
    }
    if (remote.status === 'expired') {
      await repository.markExpired(row.id);
      await settle(row, 'expired');
      return 'expired';
    }
    return row.status;
  }

  return {
    /** A module's handler for its payments' outcomes (one per purpose). */
    onSettled(purpose: string, handler: PaymentSettledHandler): void {
      handlers.set(purpose, handler);
    },

    /** Opens the provider's checkout for a one-time payment; the caller is sent to the URL returned. */
    async start(caller: UserActor, input: StartPaymentInput): Promise<{ paymentId: string; url: string }> {
      const created = await provider.createPayment({
        // The module's reference keys the provider's idempotency: a double click opens one session.
        reference: `${input.purpose}-${input.reference}`,
        description: input.description,
        currency: input.currency,
        amount: input.amount,
        email: caller.user.email,
        successUrl: input.successPath,
        cancelUrl: input.cancelPath,
      });
      const row = await repository.insert({
        provider: provider.kind,
        providerSessionId: created.sessionId,
        userId: caller.user.id,
        purpose: input.purpose,
        reference: input.reference,
        description: input.description,
        currency: input.currency,
        amount: input.amount,
        successPath: input.successPath,
        cancelPath: input.cancelPath,
      });
      return { paymentId: row.id, url: created.url };
    },

    /** A checkout session event: handled here when it is a one-time payment's, else null. */
    async syncByProviderSession(providerSessionId: string): Promise<string | null> {
      const row = await repository.byProviderId(provider.kind, providerSessionId);
      if (!row) return null;
      return `payment-${await sync(row)}`;
    },

    /**
     * A refund event for a one-time payment: the provider is asked whether the payment was really
     * given back (the event body is not trusted), then the purpose's handler takes back what it bought.
     */
    async syncRefund(providerPaymentId: string): Promise<string | null> {
      const row = await repository.byProviderPaymentId(provider.kind, providerPaymentId);
      if (!row) return null;
      if (row.status === 'refunded') return 'payment-refunded';
      if (row.status !== 'paid' || !(await provider.paymentRefunded(providerPaymentId))) return `payment-${row.status}`;
      if (await repository.markRefunded(row.id)) {
        await settle(row, 'refunded');
        await refunded(row, 'access_ended');
      }
      return 'payment-refunded';
    },

    /** The return page's check: only the payer may ask, and the provider is asked, not the browser. */
    async verify(caller: UserActor, providerSessionId: string): Promise<PaymentStatus> {
      const row = await repository.byProviderId(provider.kind, providerSessionId);
      if (!row || row.userId !== caller.user.id) throw new AppError('CHECKOUT_NOT_FOUND', 404, 'No such checkout');
      const status = row.status === 'open' ? await sync(row) : row.status;
      return { purpose: row.purpose, reference: row.reference, status };
    },

    /**
     * Gives a paid payment back in full at the provider, and tells the buyer. `duplicate`: a second
     * payment for what they already hold (their access stays).
     */
    async refund(
      paymentId: string,
      effect: Extract<RefundEffect, 'access_ended' | 'duplicate'> = 'access_ended',
    ): Promise<void> {
      const row = await repository.byId(paymentId);
      if (!row) throw new AppError('CHECKOUT_NOT_FOUND', 404, 'No such payment');
      if (row.status === 'refunded') return;
      if (row.status !== 'paid' || !row.providerPaymentId) {
        throw new AppError('CONFLICT', 409, 'Only a paid payment can be refunded');
      }
      await provider.refundPayment(row.providerPaymentId, row.id);
      if (await repository.markRefunded(row.id)) await refunded(row, effect);
    },

    /** The TEST MODE checkout page: a payment the caller started, with where it returns to. */
    async ownPayment(caller: UserActor, providerSessionId: string): Promise<OneTimePaymentRow | null> {
      const row = await repository.byProviderId(provider.kind, providerSessionId);
      return row && row.userId === caller.user.id ? row : null;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
