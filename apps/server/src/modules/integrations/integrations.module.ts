import { MAX_FILE_SIZE_BYTES } from '@compliance/shared/documents';
import fp from 'fastify-plugin';
import { createIntegrationsRepository } from './integrations.repository.ts';
import { integrationsRoutes } from './integrations.routes.ts';
import {
  createIntegrationsService,
  alertDeliveryJob,
  scheduledSyncJob,
  syncConnectionJob,
  type IntegrationsService,
} from './integrations.service.ts';
import { createEmailTransport } from './connectors/email.ts';
import { createOAuthFlow } from './oauth-flow.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { createOAuthClient } from './oauth.ts';
import { createOutbound } from './outbound.ts';
import { createTicketsRepository } from './tickets.repository.ts';
import { ticketsRoutes } from './tickets.routes.ts';
import { createTicketsService } from './tickets.service.ts';
import { createSecretBox, loadSecretKey } from './secret-box.ts';

declare module 'fastify' {
  interface FastifyInstance {
    integrations: IntegrationsService;
  }
}

export interface IntegrationsModuleOptions {
  /** Another Slack Web API address (tests point it at a local server that speaks Slack's API). */
  slackApiUrl?: string;
  /** Another Notion API address (tests point it at a local server that speaks Notion's API). */
  notionApiUrl?: string;
  /** Another Asana API address (tests point it at a local server that speaks Asana's API). */
  asanaApiUrl?: string;
}

/** Connections to other tools (issue 17): storage sync into the library, sharing answers, the outbound journal. */
export const integrationsModule = fp<IntegrationsModuleOptions>(
  async (app, options) => {
    const { secretKey, allowPrivateNetworks } = app.config.integrations;
    if (allowPrivateNetworks) {
      app.log.warn(
        'INTEGRATIONS_ALLOW_PRIVATE_NETWORKS=true: connections may reach this machine and its private network',
      );
    }
    const outbound = createOutbound({ allowPrivateNetworks });
    app.addHook('onClose', async () => outbound.close());
    // E-mail connections go out through the server's own SMTP server (the mail module's settings).
    const emailTransport = createEmailTransport(app.config.mail);
    if (emailTransport) app.addHook('onClose', async () => emailTransport.close());
    const oauth = createOAuthClient({
      vendors: app.config.integrations.oauth,
      outbound,
      publicUrl: app.config.publicUrl,
    });
    const secrets = createSecretBox(await loadSecretKey(secretKey, app.config.dataDir));
    const integrations = createIntegrationsService({
      db: app.db,
      access: app.access,
      repository: createIntegrationsRepository(app.db),
      secrets,
      outbound,
      oauth,
      jobs: app.jobs,
      library: app.library,
      knowledge: app.knowledge,
      chat: app.chat,
      countries: app.countries,
      audit: app.audit,
      mail: app.mail,
      entitlements: app.entitlements,
      onboarding: app.onboarding,
      log: app.log.child({ component: 'integrations' }),
      publicUrl: app.config.publicUrl,
      maxFileBytes: MAX_FILE_SIZE_BYTES,
      slackApiUrl: options.slackApiUrl,
      notionApiUrl: options.notionApiUrl,
      asanaApiUrl: options.asanaApiUrl,
      emailTransport,
    });
    app.jobs.register(syncConnectionJob, ({ runId }) => integrations.runSync(runId));
    app.jobs.register(alertDeliveryJob, ({ deliveryId }) => integrations.sendAlert(deliveryId));
    app.countries.onListChanged((change) => integrations.queueFatfAlerts(change));
    app.jobs.register(scheduledSyncJob, ({ connectionId, dueAt }) => integrations.runScheduled(connectionId, dueAt));
    app.decorate('integrations', integrations);
    const tickets = createTicketsService({
      access: app.access,
      repository: createIntegrationsRepository(app.db),
      tickets: createTicketsRepository(app.db),
      secrets,
      outbound,
      chat: app.chat,
      countries: app.countries,
      publicUrl: app.config.publicUrl,
      asanaApiUrl: options.asanaApiUrl,
    });
    await app.register(ticketsRoutes, { prefix: '/api', tickets });
    await app.register(integrationsRoutes, { prefix: '/api', integrations });
    const flow = createOAuthFlow({
      db: app.db,
      access: app.access,
      secrets,
      oauth,
      integrations,
      publicUrl: app.config.publicUrl,
    });
    await app.register(oauthRoutes, { prefix: '/api', flow });
  },
  {
    name: 'integrations',
    dependencies: ['db', 'auth', 'jobs', 'audit', 'mail', 'entitlements', 'library', 'chat', 'countries', 'onboarding'],
  },
);
