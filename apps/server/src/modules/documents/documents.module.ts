import { MAX_FILE_SIZE_BYTES } from '@compliance/shared/documents';
import type { FastifyInstance } from 'fastify';
import type { ExtractDocument } from '../ingestion/extracted-document.ts';
import { createSearchService, type SearchService } from '../search/search.service.ts';
import { documentsRoutes } from './documents.routes.ts';
import { createDocumentsService, ingestDocumentJob, type DocumentsService } from './documents.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentsService;
    /** Full-text retrieval over documents and the knowledge base (the chat's citations use it too). */
    documentSearch: SearchService;
  }
}

export interface DocumentsModuleOptions {
  /** Parses files; the ingestion pipeline's extractor. */
  extract: ExtractDocument;
  maxFileBytes?: number;
  searchCandidateLimit?: number;
  /** How often files whose ingestion job died are marked failed (0 = only at start). */
  stuckFileSweepMs?: number;
}

/** The document library: service, ingestion job, search, routes, and the stuck-file sweeper. */
export async function registerDocumentsModule(app: FastifyInstance, options: DocumentsModuleOptions): Promise<void> {
  const limits = {
    maxFileBytes: options.maxFileBytes ?? MAX_FILE_SIZE_BYTES,
    // Until the library asks the entitlements per upload, the default plan's storage applies to everyone.
    quotaBytes: app.entitlements.defaultPlan.limits.storageBytes,
  };
  const documents = createDocumentsService({
    db: app.db,
    storage: app.storage,
    jobs: app.jobs,
    realtime: app.realtime,
    extract: options.extract,
    log: app.log.child({ component: 'documents' }),
    options: limits,
  });
  const search = createSearchService(app.db, { candidateLimit: options.searchCandidateLimit });
  app.decorate('documents', documents);
  app.entitlements.setStorageMeter((userId) => documents.repository.usedBytes(userId));
  app.decorate('documentSearch', search);
  app.jobs.register(ingestDocumentJob, ({ fileId }, context) => documents.ingest(fileId, context));

  const sweepMs = options.stuckFileSweepMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    documents.recoverStuckFiles().catch((error: unknown) => app.log.warn({ err: error }, 'Stuck-file sweep failed'));
  app.addHook('onReady', async () => {
    if (sweepMs <= 0) return;
    void sweep();
    timer = setInterval(() => void sweep(), sweepMs);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));

  await app.register(documentsRoutes, { prefix: '/api', documents, search, maxFileBytes: limits.maxFileBytes });
}
