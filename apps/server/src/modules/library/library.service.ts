import { documentEventTypes, type Breadcrumb, type DocumentLanguage } from '@compliance/shared/documents';
import type { ErrorCode } from '@compliance/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileRow, FolderRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { RealtimeEventMap, RealtimeEventType, RealtimeHub } from '../../plugins/realtime.ts';
import type { Access } from '../access/access.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { SearchService } from '../search/search.service.ts';
import { CHUNKER_VERSION } from '../ingestion/chunking.ts';
import type { ExtractDocument } from '../ingestion/extracted-document.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { BlobNotFoundError, type BlobStorage } from '../storage/storage.ts';
import {
  createLibraryRepository,
  ownerOfFile,
  ownerOfFolder,
  sameOwner,
  type LibraryOwner,
} from './library.repository.ts';
import { createExtractionRepository } from './library-extraction.repository.ts';
import { createIngestion, ingestDocumentJob } from './library-ingestion.ts';
import { createUploads, type UploadInput } from './library-uploads.ts';
import {
  cleanFileName,
  notFoundFile,
  notFoundFolder,
  parseFolderName,
  toFileDto,
  toFolderDto,
} from './library.mappers.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LibraryServiceOptions {
  maxFileBytes: number;
}

export interface LibraryDeps {
  db: Db;
  storage: BlobStorage;
  jobs: JobQueue;
  realtime: RealtimeHub;
  extract: ExtractDocument;
  log: FastifyBaseLogger;
  options: LibraryServiceOptions;
  access: Access;
  entitlements: EntitlementsService;
  search: SearchService;
}

/** Which library: the actor's own (personal), or one branch of the shared knowledge base. */
export type LibraryRoot =
  { scope: 'personal' } | { scope: 'knowledge-base'; functionId: string; resourceTypeId: string };

/**
 * The document library's rules: a user's own files and folders (private to them), and the same
 * operations on knowledge-base branches for the knowledge module. Every public method starts with
 * the access check; rows of another owner answer "not found", never "forbidden".
 */
export function createLibraryService(deps: LibraryDeps) {
  const { db, storage, jobs, realtime, extract, log, options, access, entitlements, search } = deps;
  const repository = createLibraryRepository(db);

  async function notify<T extends RealtimeEventType>(
    owner: LibraryOwner,
    type: T,
    data: RealtimeEventMap[T],
    origin?: string | null,
  ) {
    const message =
      owner.scope === 'user'
        ? { userId: owner.userId, type, data, originConnectionId: origin }
        : { role: 'admin' as const, type, data, originConnectionId: origin };
    await realtime.publish(message).catch((error: unknown) => log.warn({ err: error }, 'Realtime publish failed'));
  }

  async function fileChanged(row: FileRow, origin?: string | null) {
    // Knowledge-base changes go to admins (who manage it); every user reads it but needs no live feed.
    await notify(ownerOfFile(row), documentEventTypes.fileUpdated, toFileDto(row), origin);
  }

  async function ownedFolder(owner: LibraryOwner, id: string): Promise<FolderRow> {
    // A malformed id (e.g. a mistyped /documents/<id> address) names no folder.
    if (!UUID_PATTERN.test(id)) throw notFoundFolder();
    const folder = await repository.findFolder(id);
    if (!folder || !sameOwner(ownerOfFolder(folder), owner)) throw notFoundFolder();
    return folder;
  }

  async function ownedFile(owner: LibraryOwner, id: string): Promise<FileRow> {
    const file = await repository.findFile(id);
    if (!file || !sameOwner(ownerOfFile(file), owner)) throw notFoundFile();
    return file;
  }

  async function contents(owner: LibraryOwner, folderId: string | null) {
    const folder = folderId ? await ownedFolder(owner, folderId) : null;
    const [breadcrumbs, folderRows, fileRows] = await Promise.all([
      folder ? repository.ancestors(folder.id) : Promise.resolve([] as Breadcrumb[]),
      repository.listFolders(owner, folder?.id ?? null),
      repository.listFiles(owner, folder?.id ?? null),
    ]);
    return {
      folder: folder ? toFolderDto(folder) : null,
      breadcrumbs,
      folders: folderRows.map(toFolderDto),
      files: fileRows.map(toFileDto),
    };
  }

  async function createFolder(
    owner: LibraryOwner,
    input: { name: string; parentId?: string | null },
    origin?: string | null,
  ) {
    const name = parseFolderName(input.name);
    const parent = input.parentId ? await ownedFolder(owner, input.parentId) : null;
    if (await repository.findFolderByName(owner, parent?.id ?? null, name)) {
      throw new AppError('FOLDER_EXISTS', 409, 'A folder with this name exists here');
    }
    const row = await repository.insertFolder(owner, {
      name,
      parentId: parent?.id ?? null,
      rootId: parent ? (parent.rootId ?? parent.id) : null,
    });
    await notify(owner, documentEventTypes.changed, { folderId: row.parentId }, origin);
    return toFolderDto(row);
  }

  async function renameFolder(owner: LibraryOwner, id: string, rawName: string, origin?: string | null) {
    const folder = await ownedFolder(owner, id);
    const name = parseFolderName(rawName);
    const clash = await repository.findFolderByName(owner, folder.parentId, name);
    if (clash && clash.id !== folder.id)
      throw new AppError('FOLDER_EXISTS', 409, 'A folder with this name exists here');
    const row = await repository.renameFolder(id, name);
    if (!row) throw notFoundFolder();
    await notify(owner, documentEventTypes.changed, { folderId: row.parentId }, origin);
    return toFolderDto(row);
  }

  async function deleteFolder(owner: LibraryOwner, id: string, origin?: string | null) {
    const folder = await ownedFolder(owner, id);
    const { storageKeys, fileIds } = await repository.deleteFolder(folder.id);
    await Promise.all(
      storageKeys.map((key) =>
        storage.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'Could not delete a blob')),
      ),
    );
    for (const fileId of fileIds) await notify(owner, documentEventTypes.fileDeleted, { id: fileId }, origin);
    await notify(owner, documentEventTypes.changed, { folderId: folder.parentId }, origin);
  }

  async function moveFolder(
    owner: LibraryOwner,
    id: string,
    input: { targetFolderId: string | null; toParent?: boolean; targetOwner?: LibraryOwner },
    origin?: string | null,
  ) {
    const failure: ErrorCode = input.toParent ? 'MOVE_TO_PARENT_FAILED' : 'MOVE_FAILED';
    const folder = await ownedFolder(owner, id);
    const destinationOwner = input.targetOwner ?? owner;
    const target = input.targetFolderId
      ? await ownedFolder(destinationOwner, input.targetFolderId).catch(() => null)
      : null;
    if (input.targetFolderId && !target) throw new AppError(failure, 404, 'The target folder does not exist');
    if (target) {
      const below = await repository.subtreeIds(folder.id);
      if (below.includes(target.id)) throw new AppError('MOVE_INTO_ITSELF', 400, 'A folder cannot go into itself');
    }
    const clash = await repository.findFolderByName(destinationOwner, target?.id ?? null, folder.name);
    if (clash && clash.id !== folder.id) throw new AppError(failure, 409, 'A folder with this name exists there');
    try {
      await repository.moveFolder(folder.id, {
        parentId: target?.id ?? null,
        rootId: target ? (target.rootId ?? target.id) : null,
        owner: destinationOwner,
      });
    } catch (error) {
      throw new AppError(failure, 500, 'Moving the folder failed', { cause: error });
    }
    const moved = await repository.findFolder(folder.id);
    await notify(owner, documentEventTypes.changed, { folderId: folder.parentId }, origin);
    return toFolderDto(moved!);
  }

  async function moveFile(
    owner: LibraryOwner,
    id: string,
    input: { targetFolderId: string | null; toParent?: boolean; targetOwner?: LibraryOwner },
    origin?: string | null,
  ) {
    const failure: ErrorCode = input.toParent ? 'MOVE_TO_PARENT_FAILED' : 'MOVE_FAILED';
    const file = await ownedFile(owner, id);
    const destinationOwner = input.targetOwner ?? owner;
    const target = input.targetFolderId
      ? await ownedFolder(destinationOwner, input.targetFolderId).catch(() => null)
      : null;
    if (input.targetFolderId && !target) throw new AppError(failure, 404, 'The target folder does not exist');
    const clash = await repository.findFileByName(destinationOwner, target?.id ?? null, file.name);
    if (clash && clash.id !== file.id) throw new AppError(failure, 409, 'A file with this name exists there');
    const columns = repository.ownerColumns(destinationOwner);
    const row = await repository
      .updateFile(file.id, {
        folderId: target?.id ?? null,
        rootFolderId: target ? (target.rootId ?? target.id) : null,
        kbFunctionId: columns.kbFunctionId,
        kbResourceTypeId: columns.kbResourceTypeId,
      })
      .catch((error: unknown) => {
        throw new AppError(failure, 500, 'Moving the file failed', { cause: error });
      });
    if (!row) throw new AppError(failure, 404, 'The file is gone');
    await fileChanged(row, origin);
    await notify(owner, documentEventTypes.changed, { folderId: file.folderId }, origin);
    return toFileDto(row);
  }

  async function renameFile(owner: LibraryOwner, id: string, rawName: string, origin?: string | null) {
    const file = await ownedFile(owner, id);
    const name = cleanFileName(rawName);
    const clash = await repository.findFileByName(owner, file.folderId, name);
    if (clash && clash.id !== file.id) throw new AppError('FILE_EXISTS', 409, 'A file with this name exists here');
    const row = await repository.updateFile(file.id, { name });
    await fileChanged(row!, origin);
    return toFileDto(row!);
  }

  async function deleteFile(owner: LibraryOwner, id: string, origin?: string | null) {
    const file = await ownedFile(owner, id);
    try {
      await repository.deleteFile(file.id);
    } catch (error) {
      throw new AppError('FILE_DELETE_FAILED', 500, 'Deleting the file failed', { cause: error });
    }
    await storage.delete(file.storageKey).catch((error: unknown) => {
      log.warn({ err: error, fileId: file.id }, 'Deleted a file whose blob could not be removed');
    });
    await notify(owner, documentEventTypes.fileDeleted, { id: file.id }, origin);
  }

  /** Re-runs ingestion of a stored file (admin re-index, or a retry of a failed file). */
  async function reindex(owner: LibraryOwner, id: string, origin?: string | null) {
    const file = await ownedFile(owner, id);
    const row = await db.transaction(async (tx) => {
      const job = await jobs.enqueue(ingestDocumentJob, { fileId: file.id }, { tx });
      return repository.updateFile(
        file.id,
        { status: 'pending', ingestJobId: job.id, failureCode: null, failureReason: null },
        tx,
      );
    });
    jobs.wake();
    await fileChanged(row!, origin);
    return toFileDto(row!);
  }

  const upload = createUploads({
    db,
    repository,
    storage,
    jobs,
    entitlements,
    log,
    maxFileBytes: options.maxFileBytes,
    ownedFolder,
    fileChanged,
  });
  const { ingest, recoverStuckFiles } = createIngestion({
    repository,
    extraction: createExtractionRepository(db),
    storage,
    extract,
    fileChanged,
  });

  async function fileContent(row: FileRow) {
    const pages = await repository.pages(row.id);
    return { file: toFileDto(row), pages };
  }

  async function download(row: FileRow) {
    try {
      return { file: row, stream: await storage.get(row.storageKey) };
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw notFoundFile();
      throw error;
    }
  }

  /** The row behind an id the access check has let through (it exists and the actor may see it). */
  async function folderRow(id: string): Promise<FolderRow> {
    const folder = await repository.findFolder(id);
    if (!folder) throw notFoundFolder();
    return folder;
  }
  async function fileRow(id: string): Promise<FileRow> {
    const file = await repository.findFile(id);
    if (!file) throw notFoundFile();
    return file;
  }

  /** Where a new item of `root` goes, for this actor: their own library, or a knowledge-base branch. */
  function ownerOfRoot(actor: UserActor, root: LibraryRoot): LibraryOwner {
    return root.scope === 'personal'
      ? { scope: 'user', userId: actor.user.id }
      : { scope: 'kb', functionId: root.functionId, resourceTypeId: root.resourceTypeId };
  }

  /**
   * Every public method is `(actor, …)` and starts with the access check: the access module decides
   * who may read or change a personal item (its owner) or a knowledge-base item (every user reads,
   * admins change). Items the actor may not see answer "not found".
   */
  const service = {
    async getContents(actor: Actor, root: LibraryRoot, folderId: string | null) {
      const reader = await access.require(actor, 'library.read', { type: 'library', scope: root.scope });
      return contents(ownerOfRoot(reader, root), folderId);
    },
    /** Every folder of the actor's own library (for "Move to…"). */
    async getFolderTree(actor: Actor) {
      const reader = await access.require(actor, 'library.read', { type: 'library', scope: 'personal' });
      const rows = await repository.listAllFolders(ownerOfRoot(reader, { scope: 'personal' }));
      return { folders: rows.map((row) => ({ id: row.id, name: row.name, parentId: row.parentId })) };
    },
    /** The root a folder belongs to (e.g. the knowledge-base branch to show it in). */
    async getFolderRoot(actor: Actor, id: string): Promise<LibraryRoot> {
      await access.require(actor, 'library.read', { type: 'folder', id });
      return rootOf(ownerOfFolder(await folderRow(id)));
    },
    async createFolder(
      actor: Actor,
      root: LibraryRoot,
      input: { name: string; parentId?: string | null },
      origin?: string | null,
    ) {
      const creator = await access.require(actor, 'library.create', { type: 'library', scope: root.scope });
      return createFolder(ownerOfRoot(creator, root), input, origin);
    },
    async renameFolder(actor: Actor, id: string, name: string, origin?: string | null) {
      await access.require(actor, 'library.update', { type: 'folder', id });
      return renameFolder(ownerOfFolder(await folderRow(id)), id, name, origin);
    },
    async deleteFolder(actor: Actor, id: string, origin?: string | null) {
      await access.require(actor, 'library.delete', { type: 'folder', id });
      await deleteFolder(ownerOfFolder(await folderRow(id)), id, origin);
    },
    async moveFolder(
      actor: Actor,
      id: string,
      input: { targetFolderId: string | null; toParent?: boolean },
      origin?: string | null,
    ) {
      await access.require(actor, 'library.update', { type: 'folder', id });
      return moveFolder(ownerOfFolder(await folderRow(id)), id, input, origin);
    },

    async upload(actor: Actor, root: LibraryRoot, input: Omit<UploadInput, 'owner'>) {
      const uploader = await access.require(actor, 'library.create', { type: 'library', scope: root.scope });
      return upload({ ...input, owner: ownerOfRoot(uploader, root) }, uploader);
    },
    async getFile(actor: Actor, id: string) {
      await access.require(actor, 'library.read', { type: 'file', id });
      return toFileDto(await fileRow(id));
    },
    async getFileContent(actor: Actor, id: string) {
      await access.require(actor, 'library.read', { type: 'file', id });
      return fileContent(await fileRow(id));
    },
    /** A file with its pages, where it sits and what the knowledge base knows about it. */
    async describeFile(actor: Actor, id: string) {
      await access.require(actor, 'library.read', { type: 'file', id });
      const row = await fileRow(id);
      return { ...(await fileContent(row)), root: rootOf(ownerOfFile(row)), metadata: row.metadata };
    },
    async openDownload(actor: Actor, id: string) {
      await access.require(actor, 'library.read', { type: 'file', id });
      return download(await fileRow(id));
    },
    async renameFile(actor: Actor, id: string, name: string, origin?: string | null) {
      await access.require(actor, 'library.update', { type: 'file', id });
      return renameFile(ownerOfFile(await fileRow(id)), id, name, origin);
    },
    async deleteFile(actor: Actor, id: string, origin?: string | null) {
      await access.require(actor, 'library.delete', { type: 'file', id });
      await deleteFile(ownerOfFile(await fileRow(id)), id, origin);
    },
    /** Into a folder or to the root of its library, or (knowledge base) into another branch. */
    async moveFile(
      actor: Actor,
      id: string,
      input: { targetFolderId: string | null; toParent?: boolean; targetRoot?: LibraryRoot },
      origin?: string | null,
    ) {
      const mover = await access.require(actor, 'library.update', { type: 'file', id });
      const owner = ownerOfFile(await fileRow(id));
      const { targetRoot, ...target } = input;
      if (!targetRoot) return moveFile(owner, id, target, origin);
      await access.require(mover, 'library.create', { type: 'library', scope: targetRoot.scope });
      return moveFile(owner, id, { ...target, targetOwner: ownerOfRoot(mover, targetRoot) }, origin);
    },
    /** Runs ingestion again (a retry after a failure, or an admin's re-index). */
    async reindex(actor: Actor, id: string, origin?: string | null) {
      await access.require(actor, 'library.update', { type: 'file', id });
      return reindex(ownerOfFile(await fileRow(id)), id, origin);
    },
    /** Files and folders of the actor's own library whose name matches. */
    async searchByName(actor: Actor, query: string, limit: number) {
      const reader = await access.require(actor, 'library.read', { type: 'library', scope: 'personal' });
      const [fileRows, folderRows] = await repository.searchByName(
        ownerOfRoot(reader, { scope: 'personal' }),
        query,
        limit,
      );
      return { files: fileRows.map(toFileDto), folders: folderRows.map(toFolderDto) };
    },
    /** Full-text passages of the actor's own files (the knowledge base has its own search). */
    async searchPassages(actor: Actor, input: { query: string; language?: DocumentLanguage; limit: number }) {
      const reader = await access.require(actor, 'library.read', { type: 'library', scope: 'personal' });
      return search.searchChunks({ ...input, scope: { userId: reader.user.id, includeKnowledgeBase: false } });
    },
    /**
     * Queues a re-index of the files an older chunker cut (`CHUNKER_VERSION`), so an upgrade's better
     * passages reach documents stored before it. Run as the system when the server starts; each file
     * is out of the search only while its own job runs.
     */
    async reindexOutdated(actor: Actor, limit = 5_000): Promise<number> {
      await access.require(actor, 'knowledge.manage');
      let queued = 0;
      for (const id of await repository.findOutdatedChunking(CHUNKER_VERSION, limit)) {
        const row = await db.transaction(async (tx) => {
          const job = await jobs.enqueue(ingestDocumentJob, { fileId: id }, { tx });
          return repository.requeueOutdated(id, CHUNKER_VERSION, job.id, tx);
        });
        if (!row) continue;
        queued += 1;
        jobs.wake();
        await fileChanged(row);
      }
      return queued;
    },
    /**
     * A company admin removed `fromUserId` and chose to give their documents to `toUserId` (the
     * onboarding module checks both are members, then acts as the system): they move into a new
     * top-level folder of the recipient. Folders an integration of theirs syncs into stay theirs.
     */
    async transferDocuments(
      actor: Actor,
      { fromUserId, toUserId, folderName }: { fromUserId: string; toUserId: string; folderName: string },
    ): Promise<{ folderId: string | null; files: number }> {
      await access.require(actor, 'library.transfer');
      const moved = await repository.transferUserDocuments(fromUserId, toUserId, folderName);
      if (moved.folderId) {
        for (const userId of [fromUserId, toUserId]) {
          await notify({ scope: 'user', userId }, documentEventTypes.changed, { folderId: null });
        }
      }
      return moved;
    },
    /** Marks files whose ingestion job died as failed (the module's sweeper runs it as the system). */
    async recoverStuckFiles(actor: Actor): Promise<number> {
      await access.require(actor, 'knowledge.manage');
      return recoverStuckFiles();
    },
  };

  return {
    service,
    /** The ingestion job's handler (registered by the module; jobs run as the system). */
    ingest,
    /** What a user's library costs (the entitlements' storage meter). */
    storageCost: (userId: string) => repository.storageCost(userId),
    /** At start, before jobs run: uploads a crash interrupted are put in place or dropped. */
    recoverStagedUploads: () => storage.recoverStaged((keys) => repository.recordedStorageKeys(keys)),
  };
}

function rootOf(owner: LibraryOwner): LibraryRoot {
  return owner.scope === 'user'
    ? { scope: 'personal' }
    : { scope: 'knowledge-base', functionId: owner.functionId, resourceTypeId: owner.resourceTypeId };
}

export type LibraryService = ReturnType<typeof createLibraryService>['service'];
