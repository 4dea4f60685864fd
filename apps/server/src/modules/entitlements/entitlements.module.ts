import { DEFAULT_MONTHLY_TOKEN_QUOTA } from '@compliance/shared/chat';
import { DEFAULT_STORAGE_QUOTA_BYTES } from '@compliance/shared/documents';
import fp from 'fastify-plugin';
import { createEntitlementsRepository } from './entitlements.repository.ts';
import { createEntitlementsService, type EntitlementsService } from './entitlements.service.ts';
import { defaultPlan, type PlanLimits } from './plans.ts';

declare module 'fastify' {
  interface FastifyInstance {
    entitlements: EntitlementsService;
  }
}

export type EntitlementsModuleOptions = Partial<PlanLimits>;

/** Plans, limits and usage counters (see entitlements.service.ts). */
export const entitlementsModule = fp<EntitlementsModuleOptions>(
  async (app, options) => {
    const plan = defaultPlan({
      storageBytes: options.storageBytes ?? DEFAULT_STORAGE_QUOTA_BYTES,
      monthlyTokens: options.monthlyTokens ?? DEFAULT_MONTHLY_TOKEN_QUOTA,
      anonymousDailyQuestions: options.anonymousDailyQuestions ?? app.config.anonDailyQueryLimit,
    });
    app.decorate(
      'entitlements',
      createEntitlementsService({ access: app.access, repository: createEntitlementsRepository(app.db), plan }),
    );
  },
  { name: 'entitlements', dependencies: ['db', 'auth'] },
);
