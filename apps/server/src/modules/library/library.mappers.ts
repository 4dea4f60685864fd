import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  FOLDER_NAME_INVALID_CHARACTERS,
  folderNameSchema,
  type DocumentFile,
  type DocumentLanguage,
  type Folder,
} from '@compliance/shared/documents';
import type { ErrorCode } from '@compliance/shared/errors';
import { locales } from '@compliance/shared/locales';
import type { FileRow, FolderRow } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';

export function toFolderDto(row: FolderRow): Folder {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    rootId: row.rootId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const languages = new Set<string>(locales);

export function toFileDto(row: FileRow): DocumentFile {
  return {
    id: row.id,
    name: row.name,
    folderId: row.folderId,
    rootFolderId: row.rootFolderId,
    url: `/api/documents/files/${row.id}/download`,
    status: row.status,
    sizeBytes: row.sizeBytes,
    mimeType: row.mimeType,
    type: row.detectedType,
    language: row.language && languages.has(row.language) ? (row.language as DocumentLanguage) : null,
    title: row.title,
    pageCount: row.pageCount,
    chunkCount: row.chunkCount,
    noText: row.noText,
    failureCode: row.failureCode,
    warnings: row.warnings,
    origin: row.origin ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Parses a folder name with the shared rules, answering the spec's messages as error codes. */
export function parseFolderName(name: string): string {
  const result = folderNameSchema.safeParse(name);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? '';
  const code: ErrorCode = message.endsWith('folderNameRequired')
    ? 'FOLDER_NAME_REQUIRED'
    : message.endsWith('folderNameInvalidCharacters')
      ? 'FOLDER_NAME_INVALID_CHARACTERS'
      : 'FOLDER_NAME_INVALID';
  throw new AppError(code, 400, 'Invalid folder name', { fields: { name: message } });
}

// Separators, characters file systems refuse, and hidden ones (controls, zero-width marks, bidi
// overrides: "invoice\u202Etxt.exe" would show as "invoiceexe.txt").
const unsafeInFileName = new RegExp(FOLDER_NAME_INVALID_CHARACTERS.source, 'gu');

/**
 * The name an uploaded or synced file is stored under: its last path segment, NFC, with every unsafe
 * character shown as "_" (a file is kept rather than refused for its name; renaming is validated).
 */
export function cleanFileName(name: string): string {
  const base = path.basename(name.normalize('NFC').replaceAll('\\', '/')).trim();
  const cleaned = base.replace(unsafeInFileName, '_').slice(0, 255);
  return cleaned && !/^\.+$/.test(cleaned) ? cleaned : 'file';
}

export function keepBothName(name: string, taken: string[]): string {
  const lower = new Set(taken.map((item) => item.toLowerCase()));
  const extension = path.extname(name);
  const stem = extension ? name.slice(0, -extension.length) : name;
  for (let n = 1; n < 10_000; n += 1) {
    const candidate = `${stem} (${n})${extension}`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
  return `${stem} (${randomUUID().slice(0, 8)})${extension}`;
}

export const notFoundFile = () => new AppError('FILE_NOT_FOUND', 404, 'File not found');
export const notFoundFolder = () => new AppError('FOLDER_NOT_FOUND', 404, 'Folder not found');
