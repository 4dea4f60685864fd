import { z } from 'zod';
import { searchText } from './text.ts';
import { locales } from './locales.ts';

/**
 * The document library (a user's own files and folders) and the parts of it the knowledge base
 * shares: file DTOs, folder DTOs, statuses, search passages and limits (issue 4).
 */

/** Largest file a user may upload. */
export const MAX_FILE_SIZE_BYTES = 50 * 1024 * 1024;
/** Storage each user gets for their own documents. */
export const DEFAULT_STORAGE_QUOTA_BYTES = 1024 * 1024 * 1024;
export const FOLDER_NAME_MAX_LENGTH = 120;
export const FILE_NAME_MAX_LENGTH = 255;

/**
 * Server-side file statuses: stored and waiting for ingestion (`pending`), being converted and
 * indexed (`synching`), searchable (`ready`) or not ingestible (`failed`, with a reason).
 * The upload queue adds the client-side states `in_queue`, `uploading` and `done` around them.
 */
export const fileStatuses = ['pending', 'synching', 'ready', 'failed'] as const;
export const fileStatusSchema = z.enum(fileStatuses);
export type FileStatus = z.infer<typeof fileStatusSchema>;

export const documentLanguages = locales;
export const documentLanguageSchema = z.enum(documentLanguages);
export type DocumentLanguage = z.infer<typeof documentLanguageSchema>;

export const documentScopes = ['user', 'kb'] as const;
export type DocumentScope = (typeof documentScopes)[number];

/**
 * Characters a folder or file name may not contain: path separators, characters file systems refuse,
 * and hidden characters (controls, zero-width marks, bidi overrides).
 */
export const FOLDER_NAME_INVALID_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\\/:*?"<>|\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/**
 * Folder names: required ('Folder name is required'), no invalid characters ('Folder name contains
 * invalid characters'), and not only dots or too long ('Please enter a valid folder name').
 * The messages are i18n keys in the `documents` namespace.
 */
export const folderNameSchema = z
  .string()
  .transform((value) => value.normalize('NFC').trim())
  .superRefine((value, ctx) => {
    if (value.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'documents:validation.folderNameRequired' });
    } else if (FOLDER_NAME_INVALID_CHARACTERS.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'documents:validation.folderNameInvalidCharacters' });
    } else if (/^\.+$/.test(value) || value.length > FOLDER_NAME_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: 'documents:validation.folderNameInvalid' });
    }
  });

export const fileNameSchema = z
  .string()
  .transform((value) => value.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, 'documents:validation.fileNameRequired')
      .max(FILE_NAME_MAX_LENGTH, 'documents:validation.fileNameInvalid')
      .refine((value) => !FOLDER_NAME_INVALID_CHARACTERS.test(value), 'documents:validation.fileNameInvalid'),
  );

export const idParamsSchema = z.object({ id: z.uuid() });

export const folderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parentId: z.uuid().nullable(),
  rootId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Folder = z.infer<typeof folderSchema>;

export const ingestionTimingsSchema = z.object({
  detectMs: z.number(),
  parseMs: z.number(),
  chunkMs: z.number(),
  languageMs: z.number(),
  totalMs: z.number(),
});

/**
 * Where a synced document came from (issue 17): the connection, the remote file and the version the
 * library holds. Citations carry the origin as it was when the answer was written.
 */
export const documentOriginSchema = z.object({
  connectionId: z.uuid(),
  connectionName: z.string(),
  /** The connector kind (`webdav`, `onedrive`, `mediawiki`…). */
  kind: z.string(),
  /** The remote file's (or page's) path inside the connection's folder. */
  path: z.string(),
  /** The remote's own version tag (ETag, checksum, revision id). */
  version: z.string(),
  /** 1 when first synced, one more each time a changed remote file was synced again. */
  revision: z.number().int().min(1),
  syncedAt: z.iso.datetime(),
});
export type DocumentOrigin = z.infer<typeof documentOriginSchema>;

export const fileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  folderId: z.uuid().nullable(),
  rootFolderId: z.uuid().nullable(),
  /** Where the original is downloaded from (an API path). */
  url: z.string(),
  status: fileStatusSchema,
  sizeBytes: z.number().int(),
  mimeType: z.string(),
  /** Detected from the content once ingested. */
  type: z.string().nullable(),
  language: documentLanguageSchema.nullable(),
  title: z.string().nullable(),
  pageCount: z.number().int(),
  chunkCount: z.number().int(),
  /** Ready but without searchable text (e.g. a scanned PDF). */
  noText: z.boolean(),
  /** Why ingestion failed: an ingestion failure code (UNSUPPORTED_FILE_TYPE, …) or INGESTION_FAILED. */
  failureCode: z.string().nullable(),
  warnings: z.array(z.string()),
  /** Synced from a connection: where from, and which version. */
  origin: documentOriginSchema.nullable().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type DocumentFile = z.infer<typeof fileSchema>;

export const breadcrumbSchema = z.object({ id: z.uuid(), name: z.string() });
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

export const storageUsageSchema = z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int() });
export type StorageUsage = z.infer<typeof storageUsageSchema>;

export const folderContentsSchema = z.object({
  /** Null at the root. */
  folder: folderSchema.nullable(),
  breadcrumbs: z.array(breadcrumbSchema),
  folders: z.array(folderSchema),
  files: z.array(fileSchema),
});
export type FolderContents = z.infer<typeof folderContentsSchema>;

// Any string: an id that is not a folder's (malformed or unknown) is answered with FOLDER_NOT_FOUND.
export const folderQuerySchema = z.object({ folderId: z.string().max(100).optional() });

export const createFolderInputSchema = z.object({
  name: folderNameSchema,
  parentId: z.uuid().nullable().optional(),
});
export type CreateFolderInput = z.input<typeof createFolderInputSchema>;

export const renameFolderInputSchema = z.object({ name: folderNameSchema });
export type RenameFolderInput = z.input<typeof renameFolderInputSchema>;

export const renameFileInputSchema = z.object({ name: fileNameSchema });

/** Move a file or folder: into a folder, or to the root (`targetFolderId: null`). */
export const moveItemInputSchema = z.object({
  targetFolderId: z.uuid().nullable(),
  /** The move is "to the parent folder" (picks the matching failure message). */
  toParent: z.boolean().optional(),
});
export type MoveItemInput = z.infer<typeof moveItemInputSchema>;

export const uploadConflictStrategies = ['fail', 'replace', 'keep-both'] as const;
export const uploadQuerySchema = z.object({
  folderId: z.uuid().optional(),
  /** What to do when a file of that name exists in the folder: answer FILE_EXISTS, replace it, or keep both. */
  onConflict: z.enum(uploadConflictStrategies).default('fail'),
});
export type UploadConflictStrategy = (typeof uploadConflictStrategies)[number];

export const pageSchema = z.object({ number: z.number().int(), text: z.string() });
export const fileContentSchema = z.object({
  file: fileSchema,
  pages: z.array(pageSchema),
});
export type FileContent = z.infer<typeof fileContentSchema>;

export const folderTreeItemSchema = z.object({ id: z.uuid(), name: z.string(), parentId: z.uuid().nullable() });
export const folderTreeSchema = z.object({ folders: z.array(folderTreeItemSchema) });
export type FolderTreeItem = z.infer<typeof folderTreeItemSchema>;

/**
 * Snippets mark the matched words with these characters (never HTML): the web splits on them and
 * renders <mark> elements, so document text can never inject markup.
 */
export const SNIPPET_MARK_START = '\u0002';
export const SNIPPET_MARK_END = '\u0003';

export interface SnippetSegment {
  text: string;
  highlighted: boolean;
}

/** Splits a snippet into plain and highlighted runs. */
export function splitSnippet(snippet: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let rest = snippet;
  while (rest.length > 0) {
    const start = rest.indexOf(SNIPPET_MARK_START);
    if (start === -1) {
      segments.push({ text: rest, highlighted: false });
      break;
    }
    if (start > 0) segments.push({ text: rest.slice(0, start), highlighted: false });
    const end = rest.indexOf(SNIPPET_MARK_END, start + 1);
    const stop = end === -1 ? rest.length : end;
    const marked = rest.slice(start + 1, stop);
    if (marked) segments.push({ text: marked, highlighted: true });
    rest = end === -1 ? '' : rest.slice(end + 1);
  }
  return segments.map((segment) => ({
    ...segment,
    text: segment.text.replaceAll(SNIPPET_MARK_START, '').replaceAll(SNIPPET_MARK_END, ''),
  }));
}

/** One retrieved passage: what search lists and what the chat cites. */
export const passageSchema = z.object({
  chunkId: z.uuid(),
  documentId: z.uuid(),
  title: z.string(),
  fileName: z.string(),
  scope: z.enum(documentScopes),
  page: z.number().int(),
  heading: z.string().nullable(),
  /** Plain text with the matches between SNIPPET_MARK_START and SNIPPET_MARK_END. */
  snippet: z.string(),
  /** The whole chunk (for quoting). */
  text: z.string(),
  language: documentLanguageSchema.nullable(),
  rank: z.number(),
  /** The date the document's content is as of (`YYYY-MM-DD`; knowledge-base documents: last verified). */
  asOf: z.iso.date().nullable(),
  /** Knowledge-base documents: whose rules they are (`CH`, `US`, `INT` for the FATF and other international texts). */
  jurisdiction: z.string().nullable().optional(),
  /** Synced from a connection: the remote file and version this passage was read from. */
  origin: documentOriginSchema.nullable().optional(),
});
export type Passage = z.infer<typeof passageSchema>;

export const searchQuerySchema = z.object({
  q: searchText(500).min(1),
  language: documentLanguageSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const documentSearchResultSchema = z.object({
  files: z.array(fileSchema),
  folders: z.array(folderSchema),
  passages: z.array(passageSchema),
});
export type DocumentSearchResult = z.infer<typeof documentSearchResultSchema>;

/** Realtime event types of this feature. */
export const documentEventTypes = {
  fileUpdated: 'documents.file.updated',
  fileDeleted: 'documents.file.deleted',
  changed: 'documents.changed',
  knowledgeChanged: 'knowledge.changed',
} as const;
