import path from 'node:path';
import fp from 'fastify-plugin';
import { realtimeEvent } from '../../plugins/realtime.ts';
import {
  defaultContentDir,
  loadFatfContent,
  loadFatfKnowledgeDocuments,
  type FatfContent,
} from './countries.content.ts';
import { createCountriesRepository } from './countries.repository.ts';
import { countriesRoutes } from './countries.routes.ts';
import type { CountriesUpdate } from './countries.deps.ts';
import { createCountriesService, type CountriesService } from './countries.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** FATF country data; the document library links related documents through `setRelatedDocumentsResolver`. */
    countries: CountriesService & CountriesEvents;
  }
}

/** The module's events: other modules react to a committed change of the lists (e.g. channel alerts). */
export interface CountriesEvents {
  onListChanged(listener: (update: Omit<CountriesUpdate, 'originConnectionId'>) => Promise<void>): void;
}

export interface CountriesModuleOptions {
  /** The `content/` folder (FATF data in `fatf/`, knowledge base in `knowledge-base/`). */
  contentDir?: string;
  /** Use this content instead of reading `contentDir/fatf` (tests). */
  content?: FatfContent;
}

/**
 * FATF country pages. Loads content/fatf into the database on first start (and newer content on
 * later starts); list changes are announced to every signed-in tab but the one that made them.
 */
export const countriesModule = fp<CountriesModuleOptions>(
  async (app, options) => {
    const contentDir = options.contentDir ?? defaultContentDir;
    const log = app.log.child({ component: 'countries' });
    const listChanged: Parameters<CountriesEvents['onListChanged']>[0][] = [];
    const countries = createCountriesService({
      access: app.access,
      repository: createCountriesRepository(app.db),
      log,
      audit: app.audit,
      publish: async ({ originConnectionId, ...data }) => {
        for (const listener of listChanged) {
          await listener(data).catch((error: unknown) => log.error({ err: error }, 'A countries listener failed'));
        }
        await app.realtime.publish({
          broadcast: true,
          ...realtimeEvent('countries.updated', data),
          originConnectionId,
        });
      },
      relatedDocuments: await loadFatfKnowledgeDocuments(path.join(contentDir, 'knowledge-base')),
      now: () => new Date(),
    });
    const outcome = await countries.ensureContentLoaded(
      options.content ?? (await loadFatfContent(path.join(contentDir, 'fatf'))),
    );
    log.info({ outcome }, 'FATF country data ready');
    const events: CountriesEvents = { onListChanged: (listener) => listChanged.push(listener) };
    app.decorate('countries', Object.assign(countries, events));
    await app.register(countriesRoutes, { prefix: '/api', countries });
  },
  { name: 'countries', dependencies: ['db', 'auth', 'audit', 'realtime'] },
);
