import type { TestCheckout, TestPaymentInput, TestPaymentResult } from '@compliance/shared/billing';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { PaymentsService } from './payments.service.ts';
import type { TestProvider } from './test-provider.ts';

/** The TEST MODE checkout page's operations: only the user who started a checkout sees and pays it. */
export function createTestCheckoutService({
  access,
  repository,
  payments,
  provider,
}: {
  access: Access;
  repository: BillingRepository;
  payments: PaymentsService;
  provider: TestProvider;
}) {
  /** A plan's checkout or a one-time payment the caller started; anyone else's is not found. */
  async function ownCheckout(caller: UserActor, sessionId: string) {
    const checkout = await repository.checkoutByProviderId('test', sessionId);
    if (checkout?.userId === caller.user.id) return checkout;
    if (!checkout && (await payments.ownPayment(caller, sessionId))) return null;
    throw new AppError('CHECKOUT_NOT_FOUND', 404, 'No such checkout');
  }

  return {
    async page(actor: Actor, { sessionId }: { sessionId: string }): Promise<TestCheckout> {
      const caller = await access.require(actor, 'billing.manage');
      await ownCheckout(caller, sessionId);
      return provider.checkoutPage(sessionId, {
        successUrl: `/subscription/success?session_id=${encodeURIComponent(sessionId)}`,
        cancelUrl: '/subscription/cancel',
      });
    },
    async pay(actor: Actor, { sessionId, cardNumber }: Required<TestPaymentInput> & { sessionId: string }) {
      const caller = await access.require(actor, 'billing.manage');
      await ownCheckout(caller, sessionId);
      return provider.pay(sessionId, cardNumber);
    },
    async authenticate(
      actor: Actor,
      { sessionId, approve }: { sessionId: string; approve: boolean },
    ): Promise<TestPaymentResult> {
      const caller = await access.require(actor, 'billing.manage');
      await ownCheckout(caller, sessionId);
      return provider.authenticate(sessionId, approve);
    },
  };
}

export type TestCheckoutService = ReturnType<typeof createTestCheckoutService>;
