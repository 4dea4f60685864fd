import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimePayments, type OneTimePaymentRow } from '../../db/schema/index.ts';

export type NewPayment = typeof oneTimePayments.$inferInsert;

/** One-time payments (marketplace purchases): recorded when started, settled from the provider's word. */
export function createPaymentsRepository(db: Db) {
  return {
    /** Records a started payment; the same provider session (an idempotent retry) is recorded once. */
    async insert(payment: NewPayment): Promise<OneTimePaymentRow> {
      await db.insert(oneTimePayments).values(payment).onConflictDoNothing();
      const found = await this.byProviderId(payment.provider, payment.providerSessionId);
      if (!found) throw new Error('Payment vanished after insert');
      return found;
    },
    async byProviderId(provider: 'test' | 'stripe', providerSessionId: string): Promise<OneTimePaymentRow | null> {
      const [row] = await db
        .select()
        .from(oneTimePayments)
        .where(and(eq(oneTimePayments.provider, provider), eq(oneTimePayments.providerSessionId, providerSessionId)));
      return row ?? null;
    },
    /** The payment a provider's payment (Stripe: PaymentIntent) settled. */
    async byProviderPaymentId(
      provider: 'test' | 'stripe',
      providerPaymentId: string,
    ): Promise<OneTimePaymentRow | null> {
      const [row] = await db
        .select()
        .from(oneTimePayments)
        .where(and(eq(oneTimePayments.provider, provider), eq(oneTimePayments.providerPaymentId, providerPaymentId)));
      return row ?? null;
    },
    async byId(id: string): Promise<OneTimePaymentRow | null> {
      const [row] = await db.select().from(oneTimePayments).where(eq(oneTimePayments.id, id));
      return row ?? null;
    },
    /** open → paid, once (the webhook and the success page's check may race). */
    async markPaid(id: string, providerPaymentId: string | null): Promise<void> {
      await db
        .update(oneTimePayments)
        .set({ status: 'paid', providerPaymentId, paidAt: new Date() })
        .where(and(eq(oneTimePayments.id, id), eq(oneTimePayments.status, 'open')));
    },
    async markExpired(id: string): Promise<void> {
      await db
        .update(oneTimePayments)
        .set({ status: 'expired' })
        .where(and(eq(oneTimePayments.id, id), eq(oneTimePayments.status, 'open')));
    },
    /** paid → refunded, once: true for the call that changed it. */
    async markRefunded(id: string): Promise<boolean> {
      const rows = await db
        .update(oneTimePayments)
        .set({ status: 'refunded', refundedAt: new Date() })
        .where(and(eq(oneTimePayments.id, id), eq(oneTimePayments.status, 'paid')))
        .returning({ id: oneTimePayments.id });
      return rows.length > 0;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
