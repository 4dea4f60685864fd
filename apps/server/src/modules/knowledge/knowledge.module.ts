import { MAX_FILE_SIZE_BYTES } from '@compliance/shared/documents';
import type { FastifyInstance } from 'fastify';
import type { ExtractDocument } from '../ingestion/extracted-document.ts';
import { defaultKnowledgeBaseDir } from './knowledge.content.ts';
import { knowledgeRoutes } from './knowledge.routes.ts';
import { createKnowledgeService, type KnowledgeService } from './knowledge.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    knowledge: KnowledgeService;
  }
}

export interface KnowledgeModuleOptions {
  extract: ExtractDocument;
  /** Import content/knowledge-base on first start (default true). */
  seed?: boolean;
  contentDir?: string;
  maxFileBytes?: number;
}

/** The knowledge base (needs the documents module registered first). */
export async function registerKnowledgeModule(app: FastifyInstance, options: KnowledgeModuleOptions): Promise<void> {
  const knowledge = createKnowledgeService({
    db: app.db,
    documents: app.documents,
    search: app.documentSearch,
    realtime: app.realtime,
    extract: options.extract,
    log: app.log.child({ component: 'knowledge' }),
    contentDir: options.contentDir ?? defaultKnowledgeBaseDir,
  });
  app.decorate('knowledge', knowledge);
  await app.register(knowledgeRoutes, {
    prefix: '/api',
    knowledge,
    maxFileBytes: options.maxFileBytes ?? MAX_FILE_SIZE_BYTES,
  });
  if (options.seed ?? true) {
    await knowledge.seedIfEmpty().catch((error: unknown) => {
      app.log.error({ err: error }, 'Could not import the starter knowledge base');
    });
  }
}
