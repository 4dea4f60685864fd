import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { realtimeEvent } from '../../plugins/realtime.ts';
import { defineJob } from '../jobs/job-definition.ts';
import {
  defaultContentDir,
  loadFatfContent,
  loadFatfKnowledgeDocuments,
  type FatfContent,
} from './countries.content.ts';
import { readMemoryFor } from '../../db/read-memory.ts';
import { createCountriesRepository } from './countries.repository.ts';
import { countriesRoutes } from './countries.routes.ts';
import type { ListChange } from './countries.deps.ts';
import { createCountriesService, type CountriesService } from './countries.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** FATF country data; the document library links related documents through `setRelatedDocumentsResolver`. */
    countries: CountriesService & CountriesEvents;
  }
}

/** The module's events: other modules react to a committed change of the lists (e.g. channel alerts). */
export interface CountriesEvents {
  /**
   * Called after a change of the statuses commits, from a durable job: at least once, again when a
   * listener throws (so listeners de-duplicate by `changeId`), and after a restart if need be.
   */
  onListChanged(listener: (change: ListChange) => Promise<void>): void;
}

/** The outbox of list changes: written in the change's transaction, run once it commits. */
export const listChangedJob = defineJob(
  'countries.list-changed',
  z.object({
    changeId: z.uuid(),
    reason: z.enum(['status_changed', 'imported']),
    asOf: z.string(),
    changed: z.array(z.string().length(2)),
  }),
  { maxAttempts: 10 },
);

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
      memory: readMemoryFor(app.database, app.config),
      log,
      audit: app.audit,
      recordChange: async (tx, change) => {
        await app.jobs.enqueue(listChangedJob, { changeId: randomUUID(), ...change }, { tx });
      },
      publish: async ({ originConnectionId, ...data }) => {
        // The change has committed: its outbox job may run now.
        app.jobs.wake();
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
    app.jobs.register(listChangedJob, async (change) => {
      for (const listener of listChanged) await listener(change);
    });
    const events: CountriesEvents = { onListChanged: (listener) => listChanged.push(listener) };
    app.decorate('countries', Object.assign(countries, events));
    await app.register(countriesRoutes, { prefix: '/api', countries });
  },
  { name: 'countries', dependencies: ['db', 'auth', 'jobs', 'audit', 'realtime'] },
);
