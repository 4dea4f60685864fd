import fp from 'fastify-plugin';
import { createAppSettingsRepository } from './app-settings.repository.ts';
import { ensureInstallation, type Installation } from './installation.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This install's identity (created with its database). */
    installation: Installation;
  }
}

/** Settings of the installation: its identity, logged on start so support can tell databases apart. */
export const settingsModule = fp(
  async (app) => {
    const installation = await ensureInstallation(createAppSettingsRepository(app.db));
    app.decorate('installation', installation);
    app.log.info({ installationId: installation.id }, 'Installation loaded');
  },
  { name: 'settings', dependencies: ['db'] },
);
