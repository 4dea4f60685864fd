import type { DocumentFile, FileStatus, UploadConflictStrategy } from '@compliance/shared/documents';
import { useSyncExternalStore } from 'react';
import { isApiError, type ApiErrorCode } from '@/lib/api-client.ts';
import { uploadFile } from '../api/upload-file.ts';

/**
 * The upload queue of this tab: files wait (in queue), go out with progress (uploading), then follow
 * the server's status live (pending, synching) until they are done (ready) or failed.
 */
export type QueueStatus = 'in_queue' | 'uploading' | 'pending' | 'synching' | 'done' | 'failed' | 'conflict';

export interface QueueItem {
  key: string;
  file: File;
  folderId: string | null;
  status: QueueStatus;
  progress: number;
  /** Why it failed: an API error code, or the ingestion failure code of the stored file. */
  errorCode: ApiErrorCode | 'INGESTION' | null;
  failureCode: string | null;
  fileId: string | null;
  onConflict: UploadConflictStrategy;
}

const CONCURRENCY = 2;
/** A finished row stays this long, then clears itself (the file is in the list by then). */
export const DONE_LINGER_MS = 30_000;
/**
 * Extensions of files the library cannot read (images, archives, media, legacy Office, executables):
 * refused at once, before anything is sent. Anything else goes to the server, which checks the
 * content itself.
 */
const UNSUPPORTED_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'heic',
  'bmp',
  'tif',
  'tiff',
  'svg',
  'ico',
  'zip',
  '7z',
  'rar',
  'gz',
  'tgz',
  'tar',
  'bz2',
  'xz',
  'mp3',
  'wav',
  'm4a',
  'ogg',
  'flac',
  'mp4',
  'mov',
  'avi',
  'mkv',
  'webm',
  'doc',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'pages',
  'numbers',
  'key',
  'rtf',
  'msg',
  'eml',
  'exe',
  'dll',
  'bin',
  'dmg',
  'iso',
  'apk',
  'jar',
]);

export function isKnownUnsupported(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && UNSUPPORTED_EXTENSIONS.has(fileName.slice(dot + 1).toLowerCase());
}
const lingering = new Map<string, ReturnType<typeof setTimeout>>();
let items: QueueItem[] = [];
const controllers = new Map<string, AbortController>();
const listeners = new Set<() => void>();
let onUploaded: (() => void) | undefined;
/** The latest state of stored files seen over realtime: events can overtake the upload's own response. */
const latestFiles = new Map<string, DocumentFile>();

function emit(): void {
  items = [...items];
  for (const listener of listeners) listener();
}

function update(key: string, patch: Partial<QueueItem>): void {
  const index = items.findIndex((item) => item.key === key);
  if (index === -1) return;
  items[index] = { ...items[index]!, ...patch };
  if (patch.status === 'done' && !lingering.has(key)) {
    lingering.set(
      key,
      setTimeout(() => {
        lingering.delete(key);
        if (items.some((item) => item.key === key && item.status === 'done')) {
          items = items.filter((item) => item.key !== key);
          emit();
        }
      }, DONE_LINGER_MS),
    );
  }
  emit();
}

function serverStatus(status: FileStatus): QueueStatus {
  if (status === 'ready') return 'done';
  return status;
}

async function run(item: QueueItem): Promise<void> {
  const controller = new AbortController();
  controllers.set(item.key, controller);
  update(item.key, { status: 'uploading', progress: 0, errorCode: null, failureCode: null });
  try {
    const result = await uploadFile({
      file: item.file,
      folderId: item.folderId,
      onConflict: item.onConflict,
      signal: controller.signal,
      onProgress: (fraction) => update(item.key, { progress: fraction }),
    });
    const latest = latestFiles.get(result.file.id);
    const file = latest && latest.updatedAt >= result.file.updatedAt ? latest : result.file;
    update(item.key, { progress: 1, fileId: file.id, ...fromFile(file) });
    onUploaded?.();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      items = items.filter((entry) => entry.key !== item.key);
      emit();
    } else if (isApiError(error) && error.code === 'FILE_EXISTS') {
      update(item.key, { status: 'conflict', errorCode: 'FILE_EXISTS' });
    } else {
      update(item.key, { status: 'failed', errorCode: isApiError(error) ? error.code : 'UPLOAD_FAILED' });
    }
  } finally {
    controllers.delete(item.key);
    pump();
  }
}

function fromFile(file: DocumentFile): Partial<QueueItem> {
  return file.status === 'failed'
    ? { status: 'failed', errorCode: 'INGESTION', failureCode: file.failureCode }
    : { status: serverStatus(file.status) };
}

function pump(): void {
  const active = items.filter((item) => item.status === 'uploading').length;
  const waiting = items.filter((item) => item.status === 'in_queue').slice(0, Math.max(0, CONCURRENCY - active));
  for (const item of waiting) {
    item.status = 'uploading';
    void run(item);
  }
}

export const uploadQueue = {
  add(files: File[], folderId: string | null): void {
    for (const file of files) {
      const unsupported = isKnownUnsupported(file.name);
      items.push({
        key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
        file,
        folderId,
        status: unsupported ? 'failed' : 'in_queue',
        progress: 0,
        errorCode: unsupported ? 'UNSUPPORTED_FILE_TYPE' : null,
        failureCode: null,
        fileId: null,
        onConflict: 'fail',
      });
    }
    emit();
    pump();
  },
  cancel(key: string): void {
    const controller = controllers.get(key);
    if (controller) {
      controller.abort();
      return;
    }
    items = items.filter((item) => item.key !== key);
    emit();
  },
  /** Upload again (after a failed upload), or with a conflict decision. */
  retry(key: string, onConflict?: UploadConflictStrategy): void {
    const item = items.find((entry) => entry.key === key);
    if (!item) return;
    update(key, { status: 'in_queue', progress: 0, errorCode: null, onConflict: onConflict ?? item.onConflict });
    pump();
  },
  /** A realtime status change of a stored file. */
  applyFile(file: DocumentFile): void {
    latestFiles.set(file.id, file);
    if (latestFiles.size > 500) latestFiles.delete(latestFiles.keys().next().value!);
    const item = items.find((entry) => entry.fileId === file.id);
    if (item && item.status !== 'uploading') update(item.key, fromFile(file));
  },
  clearFinished(): void {
    items = items.filter((item) => item.status !== 'done');
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): QueueItem[] => items,
  /** Called after each stored upload (to refresh the listing). */
  setOnUploaded(callback: (() => void) | undefined): void {
    onUploaded = callback;
  },
};

export function useUploadQueue(): QueueItem[] {
  return useSyncExternalStore(uploadQueue.subscribe, uploadQueue.getSnapshot, uploadQueue.getSnapshot);
}
