import { documentEventTypes, type DocumentLanguage } from '@compliance/shared/documents';
import type { LocalizedNamesInput, RegulatoryFunction, ResourceType } from '@compliance/shared/knowledge';
import { localizedNamesSchema } from '@compliance/shared/knowledge';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { KbFunctionRow, KbResourceTypeRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { RealtimeHub } from '../../plugins/realtime.ts';
import type { Access } from '../access/access.ts';
import { systemActor, type Actor } from '../access/actor.ts';
import { IngestionError, type ExtractDocument } from '../ingestion/extracted-document.ts';
import type { SearchService } from '../search/search.service.ts';
import { readSeedDocuments, readTaxonomy } from './knowledge-base.content.ts';
import { createKnowledgeRepository } from './knowledge-base.repository.ts';
import type { LibraryRoot, LibraryService } from './library.service.ts';

type Kind = 'function' | 'resourceType';

function toTaxonomyDto(
  row: KbFunctionRow | KbResourceTypeRow,
  documentCount: number,
): RegulatoryFunction & ResourceType {
  const fallback = { en: '', de: '', fr: '', it: '' };
  return {
    id: row.id,
    code: row.code,
    names: { ...fallback, ...row.names },
    descriptions: { ...fallback, ...row.descriptions },
    position: row.position,
    documentCount,
  };
}

export interface KnowledgeDeps {
  db: Db;
  library: LibraryService;
  access: Access;
  search: SearchService;
  realtime: RealtimeHub;
  extract: ExtractDocument;
  log: FastifyBaseLogger;
  contentDir: string;
}

/**
 * The knowledge base: regulatory functions → resource types → folders and files. Admins manage it;
 * every signed-in user may search and read it. Its folders and files are the library's (scope
 * 'knowledge-base'); this service adds the taxonomy, the branch views, cross-branch moves, the
 * starter content and the test upload. Every method starts with the access check.
 */
export function createKnowledgeService(deps: KnowledgeDeps) {
  const { library, access, search, realtime, extract, log } = deps;
  const repository = createKnowledgeRepository(deps.db);

  const table = (kind: Kind) => (kind === 'function' ? repository.functions : repository.resourceTypes);
  const notFound = (kind: Kind) =>
    kind === 'function'
      ? new AppError('KB_FUNCTION_NOT_FOUND', 404, 'No such regulatory function')
      : new AppError('KB_RESOURCE_TYPE_NOT_FOUND', 404, 'No such resource type');

  async function changed(origin?: string | null) {
    await realtime
      .publish({ role: 'admin', type: documentEventTypes.knowledgeChanged, data: null, originConnectionId: origin })
      .catch((error: unknown) => log.warn({ err: error }, 'Realtime publish failed'));
  }

  async function branch(functionId: string, resourceTypeId: string) {
    const [fn, type] = await Promise.all([
      repository.functions.find(functionId),
      repository.resourceTypes.find(resourceTypeId),
    ]);
    if (!fn) throw notFound('function');
    if (!type) throw notFound('resourceType');
    const root: LibraryRoot = { scope: 'knowledge-base', functionId, resourceTypeId };
    return { fn, type, root };
  }

  async function listFunctions() {
    const [rows, counts] = await Promise.all([repository.functions.list(), repository.countsByFunction()]);
    return rows.map((row) => toTaxonomyDto(row, counts.get(row.id) ?? 0));
  }

  async function listResourceTypes(functionId: string | null) {
    const counts = functionId ? await repository.countsByResourceType(functionId) : new Map<string, number>();
    const rows = await repository.resourceTypes.list();
    return rows.map((row) => toTaxonomyDto(row, counts.get(row.id) ?? 0));
  }

  async function branchContents(actor: Actor, functionId: string, resourceTypeId: string, folderId: string | null) {
    const { fn, type, root } = await branch(functionId, resourceTypeId);
    const fnCounts = await repository.countsByFunction();
    const typeCounts = await repository.countsByResourceType(functionId);
    const contents = await library.getContents(actor, root, folderId);
    return {
      function: toTaxonomyDto(fn, fnCounts.get(fn.id) ?? 0),
      resourceType: toTaxonomyDto(type, typeCounts.get(type.id) ?? 0),
      ...contents,
    };
  }

  async function seedTaxonomy(dir: string) {
    const taxonomy = readTaxonomy(dir);
    const functions = new Map<string, string>();
    const types = new Map<string, string>();
    for (const item of taxonomy.functions) {
      const row = await repository.functions.upsertByCode({ ...item, position: item.order });
      functions.set(item.code, row.id);
    }
    for (const item of taxonomy.resourceTypes) {
      const row = await repository.resourceTypes.upsertByCode({ ...item, position: item.order });
      types.set(item.code, row.id);
    }
    return { functions, types };
  }

  /**
   * Imports `content/knowledge-base` (taxonomy and documents) through the normal upload and ingestion
   * path. Idempotent: a document is identified by `id:language`; unchanged ones are skipped, edited
   * ones are replaced in place (their id, and so their citations, stay).
   */
  async function importContent(dir = deps.contentDir): Promise<{ added: number; updated: number; unchanged: number }> {
    const { functions, types } = await seedTaxonomy(dir);
    const stats = { added: 0, updated: 0, unchanged: 0 };
    for (const doc of readSeedDocuments(dir)) {
      const id = String(doc.frontMatter.id ?? '');
      const language = String(doc.frontMatter.language ?? '');
      const fnCode = Array.isArray(doc.frontMatter.functions) ? doc.frontMatter.functions[0] : undefined;
      const typeCode = String(doc.frontMatter.resourceType ?? '');
      const functionId = fnCode ? functions.get(fnCode) : undefined;
      const resourceTypeId = types.get(typeCode);
      if (!id || !language || !functionId || !resourceTypeId) {
        log.warn({ file: doc.relativePath }, 'Skipped a knowledge-base document with incomplete front matter');
        continue;
      }
      const sourceKey = seededSourceKey(id, language);
      const bytes = new TextEncoder().encode(doc.body);
      const digest = await sha256(bytes);
      const existing = await repository.findBySourceKey(sourceKey);
      if (existing && existing.sha256 === digest) {
        stats.unchanged += 1;
        continue;
      }
      const metadata = { ...doc.frontMatter, path: doc.relativePath };
      const root: LibraryRoot =
        existing?.kbFunctionId && existing.kbResourceTypeId
          ? { scope: 'knowledge-base', functionId: existing.kbFunctionId, resourceTypeId: existing.kbResourceTypeId }
          : { scope: 'knowledge-base', functionId, resourceTypeId };
      await library.upload(systemActor, root, {
        folderId: existing?.folderId ?? null,
        fileName: existing?.name ?? doc.fileName,
        mimeType: 'text/markdown',
        source: bytes,
        onConflict: 'replace',
        extra: { kbSourceKey: sourceKey, metadata },
      });
      if (existing) stats.updated += 1;
      else stats.added += 1;
    }
    return stats;
  }

  return {
    // ---- every signed-in user ----
    async listFunctions(actor: Actor) {
      await access.require(actor, 'knowledge.read');
      return listFunctions();
    },
    async search(actor: Actor, query: string, language: DocumentLanguage | undefined, limit: number) {
      await access.require(actor, 'knowledge.read');
      return search.searchChunks({ query, language, scope: { userId: null, includeKnowledgeBase: true }, limit });
    },

    // ---- admins ----
    async adminListFunctions(actor: Actor) {
      await access.require(actor, 'knowledge.manage');
      return listFunctions();
    },
    async adminListResourceTypes(actor: Actor, functionId: string | null) {
      await access.require(actor, 'knowledge.manage');
      const fn = functionId ? await repository.functions.find(functionId) : undefined;
      if (functionId && !fn) throw notFound('function');
      const counts = await repository.countsByFunction();
      return {
        function: fn ? toTaxonomyDto(fn, counts.get(fn.id) ?? 0) : null,
        resourceTypes: await listResourceTypes(functionId),
      };
    },
    async createItem(actor: Actor, kind: Kind, input: { names: LocalizedNamesInput }, origin?: string | null) {
      await access.require(actor, 'knowledge.manage');
      const names = localizedNamesSchema.parse(input.names);
      const row = await table(kind).insert({ names, descriptions: { en: '', de: '', fr: '', it: '' } });
      await changed(origin);
      return toTaxonomyDto(row, 0);
    },
    async renameItem(
      actor: Actor,
      kind: Kind,
      id: string,
      input: { names: LocalizedNamesInput },
      origin?: string | null,
    ) {
      await access.require(actor, 'knowledge.manage');
      const names = localizedNamesSchema.parse(input.names);
      const row = await table(kind).update(id, { names });
      if (!row) throw notFound(kind);
      await changed(origin);
      return toTaxonomyDto(row, 0);
    },
    async reorderItems(actor: Actor, kind: Kind, ids: string[], origin?: string | null) {
      await access.require(actor, 'knowledge.manage');
      const existing = new Set((await table(kind).list()).map((row) => row.id));
      if (ids.some((id) => !existing.has(id))) throw notFound(kind);
      await table(kind).reorder(ids);
      await changed(origin);
    },
    async deleteItem(actor: Actor, kind: Kind, id: string, origin?: string | null) {
      await access.require(actor, 'knowledge.manage');
      if (!(await table(kind).find(id))) throw notFound(kind);
      if (await repository.isUsed(kind, id)) {
        throw new AppError('KB_NOT_EMPTY', 409, 'Move or delete its documents and folders first');
      }
      await table(kind).delete(id);
      await changed(origin);
    },

    async getBranch(actor: Actor, functionId: string, resourceTypeId: string, folderId: string | null) {
      await access.require(actor, 'knowledge.manage');
      return branchContents(actor, functionId, resourceTypeId, folderId);
    },
    async getFolder(actor: Actor, folderId: string) {
      await access.require(actor, 'knowledge.manage');
      const root = await library.getFolderRoot(actor, folderId);
      if (root.scope !== 'knowledge-base') throw new AppError('FOLDER_NOT_FOUND', 404, 'Folder not found');
      return branchContents(actor, root.functionId, root.resourceTypeId, folderId);
    },
    async getFile(actor: Actor, fileId: string) {
      await access.require(actor, 'knowledge.manage');
      const { file, pages, root, metadata } = await library.describeFile(actor, fileId);
      if (root.scope !== 'knowledge-base') throw new AppError('FILE_NOT_FOUND', 404, 'File not found');
      return { file, pages, functionId: root.functionId, resourceTypeId: root.resourceTypeId, metadata };
    },
    /** Into a folder of any branch (or a branch's root). */
    async moveFile(
      actor: Actor,
      fileId: string,
      input: { functionId: string; resourceTypeId: string; folderId: string | null },
      origin?: string | null,
    ) {
      await access.require(actor, 'knowledge.manage');
      const { root } = await branch(input.functionId, input.resourceTypeId).catch((error: unknown) => {
        throw new AppError('MOVE_FAILED', 404, 'The target branch does not exist', { cause: error });
      });
      return library.moveFile(actor, fileId, { targetFolderId: input.folderId, targetRoot: root }, origin);
    },
    async importContent(actor: Actor) {
      await access.require(actor, 'knowledge.manage');
      const stats = await importContent();
      await changed();
      return stats;
    },
    /** Test upload: what ingestion makes of one file, without storing anything. */
    async testExtract(actor: Actor, bytes: Uint8Array, fileName: string, declaredMimeType: string) {
      await access.require(actor, 'knowledge.manage');
      const base = { fileName, sizeBytes: bytes.byteLength, declaredMimeType };
      try {
        const result = await extract(bytes, { fileName, declaredMimeType });
        return {
          ok: true,
          ...base,
          type: result.type,
          language: result.language,
          title: result.title,
          noText: result.noText,
          pages: result.pages,
          chunks: result.chunks,
          warnings: result.warnings,
          timings: result.timings,
          error: null,
        };
      } catch (error) {
        const failure =
          error instanceof IngestionError
            ? { code: error.code, reason: error.reason }
            : { code: 'INGESTION_FAILED', reason: error instanceof Error ? error.message : String(error) };
        return {
          ok: false,
          ...base,
          type: null,
          language: null,
          title: null,
          noText: false,
          pages: [],
          chunks: [],
          warnings: [],
          timings: {},
          error: failure,
        };
      }
    },

    /**
     * The files the starter content became, for links from other modules (the FATF country pages):
     * `<id>:<language>` of the front matter → file id. Documents not imported (yet, or deleted by an
     * admin) are missing from the map. Public knowledge: the caller decides who sees the links.
     */
    async findSeededFileIds(documents: Array<{ id: string; language: string }>): Promise<Map<string, string>> {
      const keys = [...new Set(documents.map((document) => seededSourceKey(document.id, document.language)))];
      const rows = await repository.findIdsBySourceKeys(keys);
      return new Map(rows.map((row) => [row.kbSourceKey, row.id]));
    },

    /** Seeded documents (front-matter id and language) with their sections, for citing a section. */
    async findSeededSections(documents: Array<{ id: string; language: string }>) {
      const keys = [...new Set(documents.map((document) => seededSourceKey(document.id, document.language)))];
      return repository.findSectionsBySourceKeys(keys);
    },

    /** On first start (no knowledge base yet): import the starter content. */
    async seedIfEmpty(): Promise<void> {
      if ((await repository.functions.count()) > 0 || (await repository.kbFileCount()) > 0) return;
      const stats = await importContent();
      log.info(stats, 'Imported the starter knowledge base');
    },
  };
}

/** How a seeded document is keyed: its front-matter id and language. */
export function seededSourceKey(id: string, language: string): string {
  return `${id}:${language}`;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(bytes).digest('hex');
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
