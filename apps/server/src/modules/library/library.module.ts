import { MAX_FILE_SIZE_BYTES } from '@compliance/shared/documents';
import fp from 'fastify-plugin';
import { systemActor } from '../access/actor.ts';
import { createDocumentExtractor } from '../ingestion/ingestion.service.ts';
import type { ExtractDocument } from '../ingestion/extracted-document.ts';
import { readMemoryFor, trustedWritesOf } from '../../db/read-memory.ts';
import { createKnowledgeBaseIndex } from '../search/knowledge-base-index.ts';
import { createSearchService, type SearchService } from '../search/search.service.ts';
import { documentsRoutes } from './documents.routes.ts';
import { defaultKnowledgeBaseDir } from './knowledge-base.content.ts';
import { knowledgeRoutes } from './knowledge-base.routes.ts';
import { createKnowledgeService, seededSourceKey, type KnowledgeService } from './knowledge-base.service.ts';
import { libraryRoutes } from './library.routes.ts';
import { ingestDocumentJob } from './library-ingestion.ts';
import { createLibraryService, type LibraryService } from './library.service.ts';
import { branchParamsSchema } from '@compliance/shared/knowledge';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** The document library: the user's own documents and the knowledge base, one domain with a scope. */
    library: LibraryService;
    /** The knowledge base's taxonomy, branch views, starter content and test upload. */
    knowledge: KnowledgeService;
    /** Full-text retrieval over documents and the knowledge base (the chat's citations use it too). */
    documentSearch: SearchService;
  }
}

export interface LibraryModuleOptions {
  /** Parses files; default: the ingestion pipeline's worker pool, started on first use. */
  extract?: ExtractDocument;
  maxFileBytes?: number;
  searchCandidateLimit?: number;
  /** Hold the knowledge base's passages in this process for the answers' searches (default true; ADR 031). */
  knowledgeBaseIndex?: boolean;
  /** How often files whose ingestion job died are marked failed (0 = only at start). */
  stuckFileSweepMs?: number;
  /** Import content/knowledge-base on first start (default true). */
  seedKnowledgeBase?: boolean;
  knowledgeBaseDir?: string;
}

/**
 * The library: one service for every scope (personal documents, knowledge base), the ingestion
 * job, search, the stuck-file sweeper, one route factory mounted per scope, the knowledge base's
 * own routes, the starter content, and what other modules read of it (storage cost for the
 * entitlements, the FATF documents' files for the country pages).
 */
export const libraryModule = fp<LibraryModuleOptions>(
  async (app, options) => {
    let extract = options.extract;
    if (!extract) {
      const extractor = createDocumentExtractor({ poolSize: 2 });
      app.addHook('onClose', () => extractor.close());
      extract = extractor.extract;
    }
    const maxFileBytes = options.maxFileBytes ?? MAX_FILE_SIZE_BYTES;
    const search = createSearchService(app.db, {
      candidateLimit: options.searchCandidateLimit,
      memory: readMemoryFor(app.database, app.config),
      ...(options.knowledgeBaseIndex === false
        ? {}
        : {
            knowledgeBaseIndex: createKnowledgeBaseIndex(app.db, trustedWritesOf(app.database, app.config)),
          }),
    });
    const {
      service: library,
      ingest,
      storageCost,
      recoverStagedUploads,
    } = createLibraryService({
      db: app.db,
      storage: app.storage,
      jobs: app.jobs,
      realtime: app.realtime,
      extract,
      log: app.log.child({ component: 'library' }),
      options: { maxFileBytes },
      access: app.access,
      entitlements: app.entitlements,
      search,
    });
    const knowledge = createKnowledgeService({
      db: app.db,
      library,
      access: app.access,
      search,
      realtime: app.realtime,
      extract,
      log: app.log.child({ component: 'knowledge' }),
      contentDir: options.knowledgeBaseDir ?? defaultKnowledgeBaseDir,
    });
    // Here, not in onReady: the job runner starts on ready and must find every recorded original.
    const recovered = await recoverStagedUploads();
    if (recovered.committed + recovered.removed > 0) {
      app.log.info(recovered, 'Uploads interrupted by the last stop: originals put in place or removed');
    }
    app.decorate('library', library);
    app.decorate('knowledge', knowledge);
    app.decorate('documentSearch', search);
    app.jobs.register(ingestDocumentJob, ({ fileId }, context) => ingest(fileId, context));
    app.entitlements.setStorageMeter(storageCost);
    app.countries.setRelatedDocumentsResolver(async (documents) => {
      const fileIds = await knowledge.findSeededFileIds([...documents]);
      return documents.map((document) => fileIds.get(seededSourceKey(document.id, document.language)) ?? null);
    });

    const sweepMs = options.stuckFileSweepMs ?? 60_000;
    let timer: NodeJS.Timeout | undefined;
    const sweep = () =>
      library
        .recoverStuckFiles(systemActor)
        .catch((error: unknown) => app.log.warn({ err: error }, 'Stuck-file sweep failed'));
    app.addHook('onReady', async () => {
      if (sweepMs <= 0) return;
      void sweep();
      timer = setInterval(() => void sweep(), sweepMs);
      timer.unref();
    });
    app.addHook('preClose', async () => clearInterval(timer));
    // Documents cut by an older chunker are indexed again, through the durable ingestion jobs.
    app.addHook('onReady', async () => {
      void library
        .reindexOutdated(systemActor)
        .then((queued) => {
          if (queued > 0) app.log.info({ queued }, 'Re-indexing documents cut by an older chunker');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'Could not queue the re-index of older documents'));
    });

    const tags = { documents: ['documents'], knowledge: ['knowledge'] };
    await app.register(
      libraryRoutes({
        library,
        maxFileBytes,
        base: '/documents',
        rootPath: '',
        rootParams: z.object({}),
        rootOf: () => ({ scope: 'personal' }),
        tags: tags.documents,
      }),
      { prefix: '/api' },
    );
    await app.register(
      libraryRoutes({
        library,
        maxFileBytes,
        base: '/admin/knowledge',
        rootPath: '/branches/:functionId/:resourceTypeId',
        rootParams: branchParamsSchema,
        rootOf: ({ functionId, resourceTypeId }) => ({ scope: 'knowledge-base', functionId, resourceTypeId }),
        tags: tags.knowledge,
      }),
      { prefix: '/api' },
    );
    await app.register(documentsRoutes, { prefix: '/api', library, entitlements: app.entitlements });
    await app.register(knowledgeRoutes, { prefix: '/api', knowledge, maxFileBytes });

    if (options.seedKnowledgeBase ?? true) {
      await knowledge.seedIfEmpty().catch((error: unknown) => {
        app.log.error({ err: error }, 'Could not import the starter knowledge base');
      });
    }
  },
  { name: 'library', dependencies: ['db', 'jobs', 'auth', 'storage', 'realtime', 'entitlements', 'countries'] },
);
