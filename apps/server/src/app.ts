import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client.ts';
import { adminOverviewModule } from './modules/admin-overview/admin-overview.module.ts';
import { adminUsersModule } from './modules/admin-users/admin-users.module.ts';
import { assistantsModule, type AssistantsModuleOptions } from './modules/assistants/assistants.module.ts';
import { auditModule } from './modules/audit/audit.module.ts';
import { accountsModule } from './modules/auth/accounts.module.ts';
import { chatModule, type ChatModuleOptions } from './modules/chat/chat.module.ts';
import { countriesModule, type CountriesModuleOptions } from './modules/countries/countries.module.ts';
import { entitlementsModule, type EntitlementsModuleOptions } from './modules/entitlements/entitlements.module.ts';
import { healthModule } from './modules/health/health.module.ts';
import { libraryModule, type LibraryModuleOptions } from './modules/library/library.module.ts';
import { mailModule } from './modules/mail/mail.module.ts';
import { promptsModule } from './modules/prompts/prompts.module.ts';
import { settingsModule } from './modules/settings/settings.module.ts';
import { billingModule, type BillingModuleOptions } from './modules/billing/billing.module.ts';
import { onboardingModule } from './modules/onboarding/onboarding.module.ts';
import { coursesModule, type CoursesModuleOptions } from './modules/courses/courses.module.ts';
import { marketplaceModule } from './modules/marketplace/marketplace.module.ts';
import { integrationsModule, type IntegrationsModuleOptions } from './modules/integrations/integrations.module.ts';
import { authPlugin } from './plugins/auth.ts';
import { databasePlugin } from './plugins/db.ts';
import type { AppConfig } from './plugins/env.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { jobsPlugin, type JobsOptions } from './plugins/jobs.ts';
import { lifecyclePlugin } from './plugins/lifecycle.ts';
import { createLoggerOptions, lazyChildLoggerFactory } from './plugins/logger.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { realtimePlugin, type RealtimeOptions } from './plugins/realtime.ts';
import { registerSecurity, type RateLimitOptions } from './plugins/security.ts';
import { registerWebApp } from './plugins/static.ts';
import { storagePlugin } from './plugins/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  /** Use this database instead of opening the one the config points to. The app closes it on close. */
  database?: DatabaseHandle;
  /** pino options (or false); defaults to LOG_LEVEL, pretty on a terminal. */
  logger?: FastifyServerOptions['logger'];
  jobs?: JobsOptions;
  rateLimit?: RateLimitOptions;
  /** Document library and knowledge base: extractor, limits, and whether to import the starter knowledge base. */
  library?: LibraryModuleOptions;
  realtime?: RealtimeOptions;
  /** Limits of the default plan (storage, monthly tokens, anonymous questions); defaults from the config. */
  entitlements?: EntitlementsModuleOptions;
  /** Chat: offline engine pacing, LLM connect timeout. */
  chat?: ChatModuleOptions;
  /** Assistants: the seed file. */
  assistants?: AssistantsModuleOptions;
  /** FATF countries: the content folder, or the content itself. */
  countries?: CountriesModuleOptions;
  /** Billing: the plans seed file, another Stripe API host. */
  billing?: BillingModuleOptions;
  /** Courses: the shipped content folder, the clock reviews are scheduled by. */
  courses?: CoursesModuleOptions;
  /** Integrations: another Slack API address (tests). */
  integrations?: IntegrationsModuleOptions;
  /** More routes under /api, registered like a module's (tests use it to exercise the plugins). */
  extraRoutes?: FastifyPluginAsyncZod;
}

/**
 * The whole application, ready to listen: used by server.ts, worker.ts and every test. Opens (and
 * migrates) the database; `await app.close()` stops the job loop and closes the database.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? createLoggerOptions(config),
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    // A client that sends its request slower than this (a slow-loris) is cut off. Generous: the
    // largest upload over a slow office line. Answer streams are responses, which this does not bound.
    requestTimeout: 600_000,
    // Modules do start-up work (staged uploads, the knowledge-base import): on a busy small machine that
    // can pass Fastify's default of 10 s, which would fail the start for nothing.
    pluginTimeout: 120_000,
    // Answer 503 to requests that arrive while shutting down, instead of starting work we cannot finish.
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  try {
    app.decorate('config', config);
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    await app.register(lifecyclePlugin);

    // Order matters: plugin contexts copy the error and not-found handlers that exist when they are created,
    // and @fastify/swagger only documents routes registered after it.
    const notFoundFallback = await registerWebApp(app, config.webDistDir);
    registerErrorHandling(app, { notFoundFallback });
    await registerSecurity(app, config, { rateLimit: options.rateLimit });
    await registerOpenApi(app, config);

    // Infrastructure: each a named plugin that modules declare as a dependency.
    await app.register(databasePlugin, { database: options.database });
    await app.register(jobsPlugin, options.jobs ?? {});
    await app.register(authPlugin);
    await app.register(storagePlugin);
    await app.register(realtimePlugin, options.realtime ?? {});
    await app.register(entitlementsModule, options.entitlements ?? {});

    // Modules, in dependency order: each a named plugin that registers its routes under /api.
    await app.register(settingsModule);
    await app.register(healthModule);
    await app.register(mailModule);
    await app.register(auditModule);
    await app.register(accountsModule);
    await app.register(adminUsersModule);
    await app.register(countriesModule, options.countries ?? {});
    await app.register(libraryModule, options.library ?? {});
    await app.register(assistantsModule, options.assistants ?? {});
    await app.register(chatModule, options.chat ?? {});
    await app.register(promptsModule);
    await app.register(onboardingModule);
    await app.register(billingModule, options.billing ?? {});
    await app.register(marketplaceModule);
    await app.register(coursesModule, options.courses ?? {});
    await app.register(integrationsModule, options.integrations ?? {});
    await app.register(adminOverviewModule);
    if (options.extraRoutes) await app.register(options.extraRoutes, { prefix: '/api' });

    await app.ready();
    return app;
  } catch (error) {
    // Release what was opened (database, DATA_DIR lock) before reporting the failure.
    await app.close().catch(() => undefined);
    throw error;
  }
}
