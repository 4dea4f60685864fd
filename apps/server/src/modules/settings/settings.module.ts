import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { createAppSettingsRepository } from './app-settings.repository.ts';
import { ensureInstallation, type Installation } from './installation.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This install's identity (created with its database). */
    installation: Installation;
    /** A random key of this install, made on first use and kept in the database (e.g. to sign certificates). */
    installationSecret: (name: string) => Promise<Buffer>;
  }
}

/** Settings of the installation: its identity, logged on start so support can tell databases apart. */
export const settingsModule = fp(
  async (app) => {
    const settings = createAppSettingsRepository(app.db);
    const installation = await ensureInstallation(settings);
    app.decorate('installation', installation);
    const secrets = new Map<string, Buffer>();
    app.decorate('installationSecret', async (name: string) => {
      const known = secrets.get(name);
      if (known) return known;
      const stored = await settings.getOrInsert(`secret:${name}`, randomBytes(32).toString('base64url'));
      const secret = Buffer.from(String(stored), 'base64url');
      secrets.set(name, secret);
      return secret;
    });
    app.log.info({ installationId: installation.id }, 'Installation loaded');
  },
  { name: 'settings', dependencies: ['db'] },
);
