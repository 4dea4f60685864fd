import fp from 'fastify-plugin';
import { createMarketplaceRepository } from './marketplace.repository.ts';
import { marketplaceRoutes } from './marketplace.routes.ts';
import {
  MARKETPLACE_PAYMENT_PURPOSE,
  createMarketplaceService,
  type MarketplaceService,
} from './marketplace.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    marketplace: MarketplaceService;
  }
}

/** The prompt marketplace (issue 14): listings, purchases through the payments module, licences, reviews, moderation. */
export const marketplaceModule = fp(
  async (app) => {
    const marketplace = createMarketplaceService({
      access: app.access,
      repository: createMarketplaceRepository(app.db),
      prompts: app.prompts,
      payments: app.payments,
      entitlements: app.entitlements,
      audit: app.audit,
    });
    app.payments.onSettled(MARKETPLACE_PAYMENT_PURPOSE, (purchaseId, outcome) =>
      marketplace.settlePurchase(purchaseId, outcome),
    );
    app.decorate('marketplace', marketplace);
    await app.register(marketplaceRoutes, { prefix: '/api', marketplace });
  },
  { name: 'marketplace', dependencies: ['db', 'auth', 'entitlements', 'audit', 'prompts', 'billing'] },
);
