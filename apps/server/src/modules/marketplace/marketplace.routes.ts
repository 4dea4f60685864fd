import { errorBodySchema } from '@compliance/shared/errors';
import {
  authorListingsResponseSchema,
  authorPageSchema,
  authorProfileInputSchema,
  licensedPromptListSchema,
  licensedPromptSchema,
  listingDetailSchema,
  marketplaceListResponseSchema,
  marketplaceModerationSchema,
  marketplaceQuerySchema,
  publishListingInputSchema,
  purchaseResultSchema,
  reportInputSchema,
  resolveReportInputSchema,
  reviewInputSchema,
  reviewReplyInputSchema,
  updateListingInputSchema,
  verifyPurchaseInputSchema,
  verifyPurchaseResultSchema,
} from '@compliance/shared/marketplace';
import { usePromptInputSchema, usePromptResultSchema } from '@compliance/shared/prompts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpointRateLimit } from '../../plugins/security.ts';
import type { MarketplaceService } from './marketplace.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
};
const tags = ['marketplace'];
/** Ids are checked by the service, so a malformed one is "not found" like an unknown one. */
const idParams = z.object({ id: z.string().max(64) });
const noContent = { 204: z.null() };

/** The marketplace's HTTP face: parse, pass the actor, map to HTTP. The service checks access. */
export const marketplaceRoutes: FastifyPluginAsyncZod<{ marketplace: MarketplaceService }> = async (
  app,
  { marketplace },
) => {
  app.get(
    '/marketplace/listings',
    {
      schema: {
        tags,
        summary: 'Published listings: search, filters, sort, one page (never any instructions)',
        querystring: marketplaceQuerySchema,
        response: { 200: marketplaceListResponseSchema, ...errors },
      },
    },
    async (request) => marketplace.browse(request.actor, request.query),
  );

  app.post(
    '/marketplace/listings',
    {
      schema: {
        tags,
        summary: 'Publish a prompt or a category of the caller’s library',
        body: publishListingInputSchema,
        response: { 201: listingDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await marketplace.publish(request.actor, request.body)),
  );

  app.get(
    '/marketplace/listings/:id',
    {
      schema: {
        tags,
        summary: 'A listing’s page: placeholders, example, reviews — never the instructions',
        params: idParams,
        response: { 200: listingDetailSchema, ...errors },
      },
    },
    async (request) => marketplace.listing(request.actor, request.params),
  );

  app.patch(
    '/marketplace/listings/:id',
    {
      schema: {
        tags,
        summary: 'The author edits the page, publishes an update of the content, or (un)publishes',
        params: idParams,
        body: updateListingInputSchema,
        response: { 200: listingDetailSchema, ...errors },
      },
    },
    async (request) => marketplace.updateListing(request.actor, { ...request.body, ...request.params }),
  );

  app.post(
    '/marketplace/listings/:id/purchase',
    {
      preHandler: endpointRateLimit(app, 'purchase'),
      schema: {
        tags,
        summary: 'Buy a listing: owned at once when free, else where to pay',
        params: idParams,
        response: { 200: purchaseResultSchema, ...errors },
      },
    },
    async (request) => marketplace.purchase(request.actor, request.params),
  );

  app.post(
    '/marketplace/purchases/verify',
    {
      schema: {
        tags,
        summary: 'Back from the checkout: ask the payment provider whether the purchase is paid',
        body: verifyPurchaseInputSchema,
        response: { 200: verifyPurchaseResultSchema, ...errors },
      },
    },
    async (request) => marketplace.verifyPurchase(request.actor, request.body),
  );

  app.put(
    '/marketplace/listings/:id/review',
    {
      schema: {
        tags,
        summary: 'A buyer’s review (one per buyer; writing again edits it)',
        params: idParams,
        body: reviewInputSchema,
        response: { 200: listingDetailSchema, ...errors },
      },
    },
    async (request) => marketplace.review(request.actor, { ...request.body, ...request.params }),
  );

  app.put(
    '/marketplace/reviews/:id/reply',
    {
      schema: {
        tags,
        summary: 'The author’s answer to a review',
        params: idParams,
        body: reviewReplyInputSchema,
        response: { 200: listingDetailSchema, ...errors },
      },
    },
    async (request) => marketplace.reply(request.actor, { ...request.body, ...request.params }),
  );

  app.post(
    '/marketplace/listings/:id/reports',
    {
      schema: {
        tags,
        summary: 'Report a listing or one of its reviews to the moderators',
        params: idParams,
        body: reportInputSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await marketplace.report(request.actor, { ...request.body, ...request.params });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/marketplace/authors/:id',
    {
      schema: {
        tags,
        summary: 'An author’s page: name, bio, published listings, average rating',
        params: idParams,
        response: { 200: authorPageSchema, ...errors },
      },
    },
    async (request) => marketplace.authorPage(request.actor, request.params),
  );

  app.get(
    '/marketplace/my-listings',
    {
      schema: {
        tags,
        summary: 'The caller’s listings with their sales',
        response: { 200: authorListingsResponseSchema, ...errors },
      },
    },
    async (request) => marketplace.myListings(request.actor),
  );

  app.put(
    '/marketplace/profile',
    {
      schema: {
        tags,
        summary: 'The caller’s author bio',
        body: authorProfileInputSchema,
        response: { 200: authorProfileInputSchema, ...errors },
      },
    },
    async (request) => marketplace.setProfile(request.actor, request.body),
  );

  app.get(
    '/marketplace/licensed-prompts',
    {
      schema: {
        tags,
        summary: 'The prompts the caller holds a licence for (titles and placeholders)',
        response: { 200: licensedPromptListSchema, ...errors },
      },
    },
    async (request) => marketplace.licensedPrompts(request.actor),
  );

  app.get(
    '/marketplace/licensed-prompts/:id',
    {
      schema: {
        tags,
        summary: 'A licensed prompt, instructions included (licence holders only)',
        params: idParams,
        response: { 200: licensedPromptSchema, ...errors },
      },
    },
    async (request) => marketplace.licensedPrompt(request.actor, request.params),
  );

  app.post(
    '/marketplace/licensed-prompts/:id/use',
    {
      schema: {
        tags,
        summary: 'Fill a licensed prompt in',
        params: idParams,
        body: usePromptInputSchema,
        response: { 200: usePromptResultSchema, ...errors },
      },
    },
    async (request) => marketplace.useLicensedPrompt(request.actor, { ...request.body, ...request.params }),
  );

  // ---- admins ----

  app.get(
    '/admin/marketplace',
    {
      schema: {
        tags,
        summary: 'Moderation: open reports and recent purchases',
        response: { 200: marketplaceModerationSchema, ...errors },
      },
    },
    async (request) => marketplace.moderation(request.actor),
  );

  app.post(
    '/admin/marketplace/reports/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Dismiss a report, or remove the listing or review it is about',
        params: idParams,
        body: resolveReportInputSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await marketplace.resolveReport(request.actor, { ...request.body, ...request.params });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/marketplace/listings/:id/remove',
    {
      schema: {
        tags,
        summary: 'Take a listing down (its buyers keep their licence)',
        params: idParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await marketplace.removeListing(request.actor, request.params);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/marketplace/purchases/:id/refund',
    {
      schema: {
        tags,
        summary: 'Refund a purchase at the payment provider; the licence ends',
        params: idParams,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      await marketplace.refund(request.actor, request.params);
      return reply.code(204).send(null);
    },
  );
};
