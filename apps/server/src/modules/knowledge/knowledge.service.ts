import { documentEventTypes, type DocumentLanguage } from '@compliance/shared/documents';
import type { LocalizedNamesInput, RegulatoryFunction, ResourceType } from '@compliance/shared/knowledge';
import { localizedNamesSchema } from '@compliance/shared/knowledge';
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import type { KbFunctionRow, KbResourceTypeRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { RealtimeHub } from '../../plugins/realtime.ts';
import type { AuthUser } from '../auth/session.service.ts';
import { ownerOfFile, ownerOfFolder, type LibraryOwner } from '../documents/documents.repository.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { UploadConflictStrategy } from '@compliance/shared/documents';
import { IngestionError, type ExtractDocument } from '../ingestion/extracted-document.ts';
import type { SearchService } from '../search/search.service.ts';
import { readSeedDocuments, readTaxonomy } from './knowledge.content.ts';
import { createKnowledgeRepository } from './knowledge.repository.ts';

type Kind = 'function' | 'resourceType';

function assertAdmin(user: AuthUser): void {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'Administrators only');
}

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
  documents: DocumentsService;
  search: SearchService;
  realtime: RealtimeHub;
  extract: ExtractDocument;
  log: FastifyBaseLogger;
  contentDir: string;
}

/**
 * The knowledge base: regulatory functions → resource types → folders and files. Admins manage it;
 * every signed-in user may search and read it. Every admin method starts with `assertAdmin`.
 */
export function createKnowledgeService(deps: KnowledgeDeps) {
  const { documents, search, realtime, extract, log } = deps;
  const repository = createKnowledgeRepository(deps.db);
  const library = documents.library;

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
    return { fn, type, owner: { scope: 'kb', functionId, resourceTypeId } as LibraryOwner };
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

  async function branchContents(functionId: string, resourceTypeId: string, folderId: string | null) {
    const { fn, type, owner } = await branch(functionId, resourceTypeId);
    const fnCounts = await repository.countsByFunction();
    const typeCounts = await repository.countsByResourceType(functionId);
    const contents = await library.contents(owner, folderId);
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
      const owner: LibraryOwner = existing ? ownerOfFile(existing) : { scope: 'kb', functionId, resourceTypeId };
      await library.upload({
        owner,
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
    listFunctions: async (_user: AuthUser) => listFunctions(),
    async search(user: AuthUser, query: string, language: DocumentLanguage | undefined, limit: number) {
      return search.searchChunks({ query, language, scope: { userId: null, includeKnowledgeBase: true }, limit });
    },

    // ---- admins ----
    async adminListFunctions(user: AuthUser) {
      assertAdmin(user);
      return listFunctions();
    },
    async adminListResourceTypes(user: AuthUser, functionId: string | null) {
      assertAdmin(user);
      if (functionId && !(await repository.functions.find(functionId))) throw notFound('function');
      const fn = functionId ? await repository.functions.find(functionId) : undefined;
      const counts = await repository.countsByFunction();
      return {
        function: fn ? toTaxonomyDto(fn, counts.get(fn.id) ?? 0) : null,
        resourceTypes: await listResourceTypes(functionId),
      };
    },
    async createItem(user: AuthUser, kind: Kind, input: { names: LocalizedNamesInput }, origin?: string | null) {
      assertAdmin(user);
      const names = localizedNamesSchema.parse(input.names);
      const row = await table(kind).insert({ names, descriptions: { en: '', de: '', fr: '', it: '' } });
      await changed(origin);
      return toTaxonomyDto(row, 0);
    },
    async renameItem(
      user: AuthUser,
      kind: Kind,
      id: string,
      input: { names: LocalizedNamesInput },
      origin?: string | null,
    ) {
      assertAdmin(user);
      const names = localizedNamesSchema.parse(input.names);
      const row = await table(kind).update(id, { names });
      if (!row) throw notFound(kind);
      await changed(origin);
      return toTaxonomyDto(row, 0);
    },
    async reorderItems(user: AuthUser, kind: Kind, ids: string[], origin?: string | null) {
      assertAdmin(user);
      const existing = new Set((await table(kind).list()).map((row) => row.id));
      if (ids.some((id) => !existing.has(id))) throw notFound(kind);
      await table(kind).reorder(ids);
      await changed(origin);
    },
    async deleteItem(user: AuthUser, kind: Kind, id: string, origin?: string | null) {
      assertAdmin(user);
      if (!(await table(kind).find(id))) throw notFound(kind);
      if (await repository.isUsed(kind, id)) {
        throw new AppError('KB_NOT_EMPTY', 409, 'Move or delete its documents and folders first');
      }
      await table(kind).delete(id);
      await changed(origin);
    },

    async getBranch(user: AuthUser, functionId: string, resourceTypeId: string, folderId: string | null) {
      assertAdmin(user);
      return branchContents(functionId, resourceTypeId, folderId);
    },
    async getFolder(user: AuthUser, folderId: string) {
      assertAdmin(user);
      const folder = await library.findFolderRow(folderId);
      if (!folder || folder.scope !== 'kb') throw new AppError('FOLDER_NOT_FOUND', 404, 'Folder not found');
      const owner = ownerOfFolder(folder) as Extract<LibraryOwner, { scope: 'kb' }>;
      return branchContents(owner.functionId, owner.resourceTypeId, folder.id);
    },
    async createFolder(
      user: AuthUser,
      functionId: string,
      resourceTypeId: string,
      input: { name: string; parentId?: string | null },
      origin?: string | null,
    ) {
      assertAdmin(user);
      const { owner } = await branch(functionId, resourceTypeId);
      return library.createFolder(owner, input, origin);
    },
    async renameFolder(user: AuthUser, folderId: string, name: string, origin?: string | null) {
      assertAdmin(user);
      return library.renameFolder(await kbFolderOwner(folderId), folderId, name, origin);
    },
    async deleteFolder(user: AuthUser, folderId: string, origin?: string | null) {
      assertAdmin(user);
      await library.deleteFolder(await kbFolderOwner(folderId), folderId, origin);
    },
    async moveFolder(
      user: AuthUser,
      folderId: string,
      input: { targetFolderId: string | null; toParent?: boolean },
      origin?: string | null,
    ) {
      assertAdmin(user);
      return library.moveFolder(await kbFolderOwner(folderId), folderId, input, origin);
    },
    async upload(
      user: AuthUser,
      functionId: string,
      resourceTypeId: string,
      input: {
        folderId: string | null;
        fileName: string;
        mimeType: string;
        source: Readable;
        onConflict: UploadConflictStrategy;
        expectedBytes?: number;
        originConnectionId?: string | null;
      },
    ) {
      assertAdmin(user);
      const { owner } = await branch(functionId, resourceTypeId);
      return library.upload({ ...input, owner });
    },
    async getFile(user: AuthUser, fileId: string) {
      assertAdmin(user);
      const file = await kbFile(fileId);
      const content = await library.fileContent(file);
      return {
        file: content.file,
        pages: content.pages,
        functionId: file.kbFunctionId!,
        resourceTypeId: file.kbResourceTypeId!,
        metadata: file.metadata,
      };
    },
    async renameFile(user: AuthUser, fileId: string, name: string, origin?: string | null) {
      assertAdmin(user);
      const file = await kbFile(fileId);
      return library.renameFile(ownerOfFile(file), fileId, name, origin);
    },
    async deleteFile(user: AuthUser, fileId: string, origin?: string | null) {
      assertAdmin(user);
      const file = await kbFile(fileId);
      await library.deleteFile(ownerOfFile(file), fileId, origin);
    },
    async reindexFile(user: AuthUser, fileId: string, origin?: string | null) {
      assertAdmin(user);
      const file = await kbFile(fileId);
      return library.reindex(ownerOfFile(file), fileId, origin);
    },
    async moveFile(
      user: AuthUser,
      fileId: string,
      input: { functionId: string; resourceTypeId: string; folderId: string | null },
      origin?: string | null,
    ) {
      assertAdmin(user);
      const file = await kbFile(fileId);
      const { owner: targetOwner } = await branch(input.functionId, input.resourceTypeId).catch((error: unknown) => {
        throw new AppError('MOVE_FAILED', 404, 'The target branch does not exist', { cause: error });
      });
      return library.moveFile(ownerOfFile(file), fileId, { targetFolderId: input.folderId, targetOwner }, origin);
    },
    async importContent(user: AuthUser) {
      assertAdmin(user);
      const stats = await importContent();
      await changed();
      return stats;
    },
    /** Test upload: what ingestion makes of one file, without storing anything. */
    async testExtract(user: AuthUser, bytes: Uint8Array, fileName: string, declaredMimeType: string) {
      assertAdmin(user);
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

    /** On first start (no knowledge base yet): import the starter content. */
    async seedIfEmpty(): Promise<void> {
      if ((await repository.functions.count()) > 0 || (await repository.kbFileCount()) > 0) return;
      const stats = await importContent();
      log.info(stats, 'Imported the starter knowledge base');
    },
  };

  async function kbFolderOwner(folderId: string): Promise<LibraryOwner> {
    const folder = await library.findFolderRow(folderId);
    if (!folder || folder.scope !== 'kb') throw new AppError('FOLDER_NOT_FOUND', 404, 'Folder not found');
    return ownerOfFolder(folder);
  }

  async function kbFile(fileId: string) {
    const file = await library.findFileRow(fileId);
    if (!file || file.scope !== 'kb') throw new AppError('FILE_NOT_FOUND', 404, 'File not found');
    return file;
  }
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
