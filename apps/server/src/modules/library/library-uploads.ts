import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { DocumentFile, DocumentOrigin, UploadConflictStrategy } from '@compliance/shared/documents';
import type { ErrorCode } from '@compliance/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileRow, FolderRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { UserActor } from '../access/actor.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { HEAD_BYTES, unsupportedByHead } from '../ingestion/detect-type.ts';
import { BlobTooLargeError, type BlobStorage } from '../storage/storage.ts';
import { ingestDocumentJob } from './library-ingestion.ts';
import { cleanFileName, keepBothName, toFileDto } from './library.mappers.ts';
import type { LibraryOwner, LibraryRepository } from './library.repository.ts';

export interface UploadInput {
  owner: LibraryOwner;
  folderId: string | null;
  fileName: string;
  mimeType: string;
  source: Readable | Uint8Array;
  onConflict: UploadConflictStrategy;
  /** Size announced by the client (Content-Length), for an early quota answer. */
  expectedBytes?: number;
  originConnectionId?: string | null;
  /** A file synced from a connection: where from (an upload by hand clears it). */
  origin?: DocumentOrigin | null;
  /** Extra columns (seeded knowledge-base documents). */
  extra?: { kbSourceKey?: string; metadata?: Record<string, unknown>; title?: string };
}

export interface UploadDeps {
  db: Db;
  repository: LibraryRepository;
  storage: BlobStorage;
  jobs: JobQueue;
  entitlements: EntitlementsService;
  log: FastifyBaseLogger;
  maxFileBytes: number;
  ownedFolder: (owner: LibraryOwner, id: string) => Promise<FolderRow>;
  fileChanged: (row: FileRow, origin?: string | null) => Promise<void>;
}

/**
 * Storing an upload: the name (kept, replaced or made unique), the size and storage checks (early
 * from Content-Length, exact once stored), the blob, and the file row with its ingestion job. The
 * blob is staged, then put in place inside the transaction that records the row and its ingestion job
 * (so the job never runs before its blob exists); `recoverStaged` at start drops what a crash left staged.
 */
export function createUploads(deps: UploadDeps) {
  const { db, repository, storage, jobs, entitlements, log, ownedFolder, fileChanged } = deps;
  const options = { maxFileBytes: deps.maxFileBytes };

  async function upload(input: UploadInput, uploader: UserActor): Promise<{ file: DocumentFile; replaced: boolean }> {
    const { owner } = input;
    const folder = input.folderId ? await ownedFolder(owner, input.folderId) : null;
    let name = cleanFileName(input.fileName);
    const existing = await repository.findFileByName(owner, folder?.id ?? null, name);
    if (existing && input.onConflict === 'fail') {
      throw new AppError('FILE_EXISTS', 409, 'A file with this name exists in this folder');
    }
    if (existing && input.onConflict === 'keep-both') {
      const stem = path.extname(name) ? name.slice(0, -path.extname(name).length) : name;
      name = keepBothName(name, await repository.namesLike(owner, folder?.id ?? null, stem));
    }
    const replacing = existing && input.onConflict === 'replace' ? existing : undefined;

    // Personal files count against the uploader's plan; the knowledge base is the installation's.
    const storageLeft = async () =>
      owner.scope === 'user'
        ? entitlements.storageLeft(uploader, replacing ? await repository.storageCostOfFile(replacing.id) : 0)
        : Number.POSITIVE_INFINITY;
    const available = await storageLeft();
    if (input.expectedBytes !== undefined && input.expectedBytes > options.maxFileBytes + 64 * 1024) {
      throw new AppError('FILE_TOO_LARGE', 413, `Files may be at most ${options.maxFileBytes} bytes`);
    }
    if (available <= 0 || (input.expectedBytes !== undefined && input.expectedBytes > available + 64 * 1024)) {
      throw new AppError('STORAGE_QUOTA_EXCEEDED', 413, 'Not enough storage left for this file');
    }

    let source: Readable | Uint8Array;
    try {
      const peeked = await peekHead(input.source, HEAD_BYTES);
      source = peeked.source;
      const unsupported = unsupportedByHead(peeked.head);
      if (unsupported) {
        throw new AppError('UNSUPPORTED_FILE_TYPE', 415, `This file type is not supported: ${unsupported}`);
      }
    } catch (error) {
      throw uploadError(error, input.source, { available, maxFileBytes: options.maxFileBytes });
    }

    const fileId = replacing?.id ?? randomUUID();
    const storageKey =
      owner.scope === 'user' ? `users/${owner.userId}/${fileId}/${randomUUID()}` : `kb/${fileId}/${randomUUID()}`;
    let blob;
    try {
      // Staged until its row commits: a crash in between leaves nothing a reader could find.
      blob = await storage.stage(storageKey, source, { maxBytes: Math.min(options.maxFileBytes, available) });
    } catch (error) {
      throw uploadError(error, input.source, { available, maxFileBytes: options.maxFileBytes });
    }

    let row: FileRow;
    try {
      row = await db.transaction(async (tx) => {
        const job = await jobs.enqueue(ingestDocumentJob, { fileId }, { tx });
        const common = {
          name,
          mimeType: (input.mimeType || 'application/octet-stream').slice(0, 200),
          sizeBytes: blob.sizeBytes,
          sha256: blob.sha256,
          storageKey,
          status: 'pending' as const,
          ingestJobId: job.id,
          failureCode: null,
          failureReason: null,
          origin: input.origin ?? null,
          ...(input.extra?.kbSourceKey ? { kbSourceKey: input.extra.kbSourceKey } : {}),
          ...(input.extra?.metadata ? { metadata: input.extra.metadata } : {}),
        };
        const recorded = replacing
          ? await repository.updateFile(replacing.id, common, tx)
          : await repository.insertFile(
              {
                id: fileId,
                ...repository.ownerColumns(owner),
                folderId: folder?.id ?? null,
                rootFolderId: folder ? (folder.rootId ?? folder.id) : null,
                ...common,
              },
              tx,
            );
        if (!recorded) throw new Error('The replaced file disappeared');
        // In place before the row (and its job) commit: a worker may claim the job the moment they do.
        // A crash before the commit is undone at the next start (the staging entry is still there).
        await blob.commit();
        return recorded;
      });
    } catch (error) {
      await blob.discard().catch(() => undefined);
      throw new AppError('FILE_PREPARE_FAILED', 500, 'Recording the upload failed', { cause: error });
    }
    jobs.wake();
    await blob.settle().catch((error: unknown) => {
      // Harmless: the next start sees the row committed and drops the staging entry.
      log.warn({ err: error, fileId }, 'Could not drop the staging entry of an upload');
    });
    if (replacing) {
      await storage.delete(replacing.storageKey).catch((error: unknown) => {
        log.warn({ err: error, fileId }, 'Could not delete the replaced blob');
      });
    }
    if ((await storageLeft()) < 0) {
      // Two uploads raced past the early check: undo this one.
      await repository.deleteFile(row.id).catch(() => undefined);
      await storage.delete(storageKey).catch(() => undefined);
      throw new AppError('STORAGE_QUOTA_EXCEEDED', 413, 'Not enough storage left for this file');
    }
    await fileChanged(row, input.originConnectionId);
    return { file: toFileDto(row), replaced: Boolean(replacing) };
  }

  return upload;
}

/** The answer for an upload whose body could not be read or stored. */
function uploadError(
  error: unknown,
  source: Readable | Uint8Array,
  limits: { available: number; maxFileBytes: number },
): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof BlobTooLargeError) {
    const code: ErrorCode = limits.available < limits.maxFileBytes ? 'STORAGE_QUOTA_EXCEEDED' : 'FILE_TOO_LARGE';
    return new AppError(code, 413, 'The file is too large', { cause: error });
  }
  if (isFileTooLargeError(error)) return new AppError('FILE_TOO_LARGE', 413, 'The file is too large', { cause: error });
  // A body that broke off (truncated multipart, client gone) is the request's fault, not ours.
  if (!(source instanceof Uint8Array) && (source.errored || source.readableAborted)) {
    return new AppError('UPLOAD_FAILED', 400, 'The upload broke off before the file was complete', { cause: error });
  }
  return new AppError('UPLOAD_FAILED', 500, 'Storing the upload failed', { cause: error });
}

/**
 * The first `size` bytes of `source` (fewer when it is shorter), and a stream of all of it, those
 * bytes included, for storing.
 */
async function peekHead(
  source: Readable | Uint8Array,
  size: number,
): Promise<{ head: Uint8Array; source: Readable | Uint8Array }> {
  if (source instanceof Uint8Array) return { head: source.subarray(0, size), source };
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  async function* everything() {
    yield* chunks;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: Buffer.concat(chunks).subarray(0, size), source: Readable.from(everything()) };
}

function isFileTooLargeError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE' ||
      (error as { statusCode?: unknown }).statusCode === 413)
  );
}
