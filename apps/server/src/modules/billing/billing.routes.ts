import {
  billingNoticeSchema,
  billingOverviewSchema,
  billingPortalSchema,
  checkoutCreatedSchema,
  checkoutSessionParamsSchema,
  checkoutStatusSchema,
  createCheckoutInputSchema,
  planIdSchema,
  planListSchema,
  planSchema,
  testAuthenticationInputSchema,
  testCheckoutSchema,
  testPaymentInputSchema,
  testPaymentResultSchema,
  updatePlanInputSchema,
  usageLedgerSchema,
} from '@compliance/shared/billing';
import { errorBodySchema } from '@compliance/shared/errors';
import { invoiceListSchema, invoiceParamsSchema } from '@compliance/shared/invoices';
import { locales } from '@compliance/shared/locales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { BillingService } from './billing.service.ts';
import type { InvoicesService } from './invoices.service.ts';
import type { TestCheckoutService } from './test-checkout.service.ts';
import { endpointRateLimit } from '../../plugins/security.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
};

export interface BillingRoutesOptions {
  billing: BillingService;
  invoices: InvoicesService;
  entitlements: EntitlementsService;
  /** Present in TEST MODE only. */
  testCheckout: TestCheckoutService | null;
  /** Where the provider posts its events (Stripe: /billing/webhooks/stripe). */
  webhookPath: string;
}

export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, options) => {
  const { billing, invoices, entitlements, testCheckout } = options;

  app.get(
    '/billing/plans',
    { schema: { tags: ['billing'], summary: 'The plans on offer', response: { 200: planListSchema, ...errors } } },
    async (request) => ({ plans: await billing.listPlans(request.actor) }),
  );

  app.get(
    '/billing/overview',
    {
      schema: {
        tags: ['billing'],
        summary: 'The caller’s plan, subscription, limits and usage',
        response: { 200: billingOverviewSchema, ...errors },
      },
    },
    async (request) => billing.overview(request.actor),
  );

  app.get(
    '/billing/usage-ledger',
    {
      schema: {
        tags: ['billing'],
        summary: 'The caller’s usage ledger, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: usageLedgerSchema, ...errors },
      },
    },
    async (request) => ({ entries: await entitlements.ledger(request.actor, request.query) }),
  );

  app.post(
    '/billing/checkout',
    {
      preHandler: endpointRateLimit(app, 'purchase'),
      schema: {
        tags: ['billing'],
        summary: 'Start a checkout for a plan; answers where to pay',
        body: createCheckoutInputSchema,
        response: { 200: checkoutCreatedSchema, ...errors },
      },
    },
    async (request) => billing.createCheckout(request.actor, request.body),
  );

  app.get(
    '/billing/checkout/:sessionId',
    {
      schema: {
        tags: ['billing'],
        summary: 'Verify a checkout with the payment provider (the success page asks this)',
        params: checkoutSessionParamsSchema,
        response: { 200: checkoutStatusSchema, ...errors },
      },
    },
    async (request) => billing.verifyCheckout(request.actor, request.params),
  );

  app.post(
    '/billing/subscription/cancel',
    {
      schema: {
        tags: ['billing'],
        summary: 'Cancel the subscription at the end of the paid period',
        response: { 200: billingOverviewSchema, ...errors },
      },
    },
    async (request) => billing.cancelAtPeriodEnd(request.actor),
  );

  app.post(
    '/billing/subscription/resume',
    {
      schema: {
        tags: ['billing'],
        summary: 'Take back a cancellation: the subscription renews again',
        response: { 200: billingOverviewSchema, ...errors },
      },
    },
    async (request) => billing.resume(request.actor),
  );

  app.post(
    '/billing/portal',
    {
      schema: {
        tags: ['billing'],
        summary: 'Stripe: open the customer portal (payment method, invoices)',
        response: { 200: billingPortalSchema, ...errors },
      },
    },
    async (request) => billing.portal(request.actor),
  );

  app.get(
    '/billing/notice',
    {
      schema: {
        tags: ['billing'],
        summary: 'Whether a renewal payment failed, and until when the plan holds (the app banner)',
        response: { 200: billingNoticeSchema, ...errors },
      },
    },
    async (request) => billing.notice(request.actor),
  );

  app.get(
    '/billing/invoices',
    {
      schema: {
        tags: ['billing'],
        summary: 'The caller’s invoices (and their company’s, for its admin), newest first',
        response: { 200: invoiceListSchema, ...errors },
      },
    },
    async (request) => ({ invoices: await invoices.list(request.actor) }),
  );

  app.get(
    '/billing/invoices/:id/pdf',
    {
      schema: {
        tags: ['billing'],
        summary: 'One invoice as PDF',
        params: invoiceParamsSchema,
        querystring: z.object({ lang: z.enum(locales).default('en') }),
      },
    },
    async (request, reply) => {
      const { number, pdf } = await invoices.pdf(request.actor, { ...request.params, ...request.query });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  // The signature covers the exact bytes sent, so this route keeps the body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => {
      done(null, body);
    });
    webhook.post(
      options.webhookPath,
      {
        // Per IP, before the signature is even checked: a flood of forged requests is turned away cheaply.
        preHandler: endpointRateLimit(app, 'webhook', 'ip'),
        schema: {
          tags: ['billing'],
          summary: 'Payment provider events (signed)',
          headers: z.object({ 'stripe-signature': z.string().min(1).max(2_000) }),
          response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }), ...errors },
        },
      },
      async (request) =>
        billing.handleEvent(request.actor, {
          rawBody: request.body as Buffer,
          signature: String(request.headers['stripe-signature']),
          source: request.ip,
        }),
    );
  });

  if (testCheckout) {
    app.get(
      '/billing/test-checkout/:sessionId',
      {
        schema: {
          tags: ['billing'],
          summary: 'TEST MODE: the checkout page’s content',
          params: checkoutSessionParamsSchema,
          response: { 200: testCheckoutSchema, ...errors },
        },
      },
      async (request) => testCheckout.page(request.actor, request.params),
    );
    app.post(
      '/billing/test-checkout/:sessionId/pay',
      {
        schema: {
          tags: ['billing'],
          summary: 'TEST MODE: pay with a test card',
          params: checkoutSessionParamsSchema,
          body: testPaymentInputSchema,
          response: { 200: testPaymentResultSchema, ...errors },
        },
      },
      async (request) => testCheckout.pay(request.actor, { ...request.params, ...request.body }),
    );
    app.post(
      '/billing/test-checkout/:sessionId/authenticate',
      {
        schema: {
          tags: ['billing'],
          summary: 'TEST MODE: approve or fail the card’s authentication',
          params: checkoutSessionParamsSchema,
          body: testAuthenticationInputSchema,
          response: { 200: testPaymentResultSchema, ...errors },
        },
      },
      async (request) => testCheckout.authenticate(request.actor, { ...request.params, ...request.body }),
    );
  }

  app.get(
    '/admin/plans',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every plan, offered or not',
        response: { 200: planListSchema, ...errors },
      },
    },
    async (request) => ({ plans: await billing.listPlansForAdmin(request.actor) }),
  );

  app.patch(
    '/admin/plans/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a plan’s name, prices, limits or availability',
        params: z.object({ id: planIdSchema }),
        body: updatePlanInputSchema,
        response: { 200: planSchema, ...errors },
      },
    },
    async (request) => billing.updatePlan(request.actor, { ...request.body, id: request.params.id }),
  );
};
