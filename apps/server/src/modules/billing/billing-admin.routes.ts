import {
  adminCompanyListSchema,
  adminSubscriptionListSchema,
  adminSubscriptionQuerySchema,
  adminSubscriptionSchema,
  adminUsageQuerySchema,
  grantPlanInputSchema,
  paymentEventListSchema,
  paymentEventQuerySchema,
  revokeGrantInputSchema,
  simulateRenewalInputSchema,
  usageLedgerSchema,
} from '@compliance/shared/billing';
import { errorBodySchema } from '@compliance/shared/errors';
import { invoiceListSchema, invoiceParamsSchema, invoiceSchema } from '@compliance/shared/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingAdminService } from './billing-admin.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
};
const tags = ['admin'];

/** /api/admin/billing/…: the billing administration (every route checks `billing.admin` in the service). */
export const billingAdminRoutes: FastifyPluginAsyncZod<{ admin: BillingAdminService; testMode: boolean }> = async (
  app,
  { admin, testMode },
) => {
  app.get(
    '/admin/billing/subscriptions',
    {
      schema: {
        tags,
        summary: 'Every subscription and grant: holder, plan, status, seats, period end',
        querystring: adminSubscriptionQuerySchema,
        response: { 200: adminSubscriptionListSchema, ...errors },
      },
    },
    async (request) => ({ subscriptions: await admin.subscriptions(request.actor, request.query) }),
  );

  app.get(
    '/admin/billing/companies',
    {
      schema: {
        tags,
        summary: 'Every company with the plan it holds and its seats',
        response: { 200: adminCompanyListSchema, ...errors },
      },
    },
    async (request) => ({ companies: await admin.companies(request.actor) }),
  );

  app.get(
    '/admin/billing/usage-ledger',
    {
      schema: {
        tags,
        summary: 'A user’s usage ledger, filtered, newest first',
        querystring: adminUsageQuerySchema,
        response: { 200: usageLedgerSchema, ...errors },
      },
    },
    async (request) => ({ entries: await admin.usage(request.actor, request.query) }),
  );

  app.get(
    '/admin/billing/events',
    {
      schema: {
        tags,
        summary: 'The payment-event journal: every event received, its verification and outcome',
        querystring: paymentEventQuerySchema,
        response: { 200: paymentEventListSchema, ...errors },
      },
    },
    async (request) => ({ events: await admin.events(request.actor, request.query) }),
  );

  app.get(
    '/admin/billing/invoices',
    {
      schema: { tags, summary: 'Every invoice, newest first', response: { 200: invoiceListSchema, ...errors } },
    },
    async (request) => ({ invoices: await admin.invoices(request.actor) }),
  );

  app.post(
    '/admin/billing/invoices/:id/refund',
    {
      schema: {
        tags,
        summary: 'Refund an invoice’s payment in full through the payment provider',
        params: invoiceParamsSchema,
        response: { 200: invoiceSchema, ...errors },
      },
    },
    async (request) => admin.refund(request.actor, request.params),
  );

  app.post(
    '/admin/billing/grants',
    {
      schema: {
        tags,
        summary: 'Give a user or their company a plan until a date, without payment',
        body: grantPlanInputSchema,
        response: { 200: adminSubscriptionSchema, ...errors },
      },
    },
    async (request) => admin.grant(request.actor, request.body),
  );

  app.post(
    '/admin/billing/grants/:id/revoke',
    {
      schema: {
        tags,
        summary: 'End a grant before its end date (the holder falls back to their paid plan or Free)',
        params: z.object({ id: z.uuid() }),
        body: revokeGrantInputSchema,
        response: { 200: adminSubscriptionSchema, ...errors },
      },
    },
    async (request) => admin.revokeGrant(request.actor, { ...request.params, ...request.body }),
  );

  if (testMode) {
    app.post(
      '/admin/billing/subscriptions/:id/simulate-renewal',
      {
        schema: {
          tags,
          summary: 'TEST MODE: run a subscription’s renewal now, paid or declined',
          params: z.object({ id: z.uuid() }),
          body: simulateRenewalInputSchema,
          response: { 200: adminSubscriptionSchema, ...errors },
        },
      },
      async (request) => admin.simulateRenewal(request.actor, { ...request.params, ...request.body }),
    );
  }
};
