import fp from 'fastify-plugin';
import { systemActor } from '../access/actor.ts';
import { createBillingAdminRepository } from './billing-admin.repository.ts';
import { billingAdminRoutes } from './billing-admin.routes.ts';
import { createBillingAdminService } from './billing-admin.service.ts';
import { createInvoicesService } from './invoices.service.ts';
import { createBillingRepository } from './billing.repository.ts';
import { billingRoutes } from './billing.routes.ts';
import { createBillingService, type BillingService } from './billing.service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';
import { createRefundNotifier } from './refund-notice.ts';
import type { StripeProviderOptions } from './stripe-provider.ts';
import { createTestCheckoutService } from './test-checkout.service.ts';
import { createTestProvider } from './test-provider.ts';
import { createTestProviderRepository } from './test-provider.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingService;
    /** One-time payments for other modules (the marketplace). */
    payments: PaymentsService;
  }
}

export interface BillingModuleOptions {
  /** The plans seed file (content/plans.json). */
  plansFile?: string;
  /** Another Stripe API host (tests: a local Stripe API stand-in). Only used with STRIPE_* set. */
  stripeApi?: StripeProviderOptions['api'];
  /** The clock of billing periods and grace periods (tests pass their own). */
  now?: () => Date;
}

/**
 * Plans, checkout, subscriptions and payment verification. The provider is chosen once: Stripe when
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else the built-in TEST MODE provider.
 */
export const billingModule = fp<BillingModuleOptions>(
  async (app, options) => {
    const now = options.now ?? (() => new Date());
    const repository = createBillingRepository(app.db);
    const testProvider = app.config.stripe
      ? null
      : createTestProvider({ repository: createTestProviderRepository(app.db), now });
    // The Stripe SDK is loaded only when Stripe is configured (docs/performance.md, "Memory").
    const provider: PaymentProvider =
      testProvider ??
      (await import('./stripe-provider.ts')).createStripeProvider({
        ...app.config.stripe!,
        publicUrl: app.config.publicUrl,
        api: options.stripeApi ?? app.config.stripe!.api,
      });
    const notifyRefund = createRefundNotifier({
      db: app.db,
      mail: app.mail,
      publicUrl: app.config.publicUrl,
      log: app.log.child({ module: 'billing' }),
    });
    const payments = createPaymentsService({
      repository: createPaymentsRepository(app.db),
      provider,
      notifyRefund,
      log: app.log.child({ module: 'payments' }),
    });
    const invoices = createInvoicesService({
      access: app.access,
      repository,
      onboarding: app.onboarding,
      provider,
      notifyRefund,
      now,
      log: app.log.child({ module: 'invoices' }),
    });
    const billing = createBillingService({
      access: app.access,
      repository,
      entitlements: app.entitlements,
      onboarding: app.onboarding,
      provider,
      payments,
      invoices,
      mail: app.mail,
      publicUrl: app.config.publicUrl,
      now,
      log: app.log.child({ module: 'billing' }),
    });
    await billing.seed(options.plansFile);
    app.entitlements.setPlanSource(billing.planSource);
    // The test provider's events take the same verification and handling as Stripe's webhooks.
    testProvider?.setDelivery(async (rawBody, signature) => {
      await billing.handleEvent(systemActor, { rawBody, signature });
    });
    app.decorate('billing', billing);
    app.decorate('payments', payments);
    await app.register(billingRoutes, {
      prefix: '/api',
      billing,
      invoices,
      entitlements: app.entitlements,
      testCheckout: testProvider
        ? createTestCheckoutService({ access: app.access, repository, payments, provider: testProvider })
        : null,
      webhookPath: `/billing/webhooks/${provider.kind}`,
    });
    await app.register(billingAdminRoutes, {
      prefix: '/api',
      testMode: Boolean(testProvider),
      admin: createBillingAdminService({
        access: app.access,
        repository,
        admin: createBillingAdminRepository(app.db),
        invoices,
        audit: app.audit,
        testProvider,
        now,
      }),
    });
  },
  { name: 'billing', dependencies: ['db', 'auth', 'entitlements', 'onboarding', 'mail', 'audit'] },
);
