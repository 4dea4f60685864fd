import { z } from 'zod';
import { fileSchema, folderSchema, breadcrumbSchema } from './documents.ts';

/**
 * The knowledge base: regulatory functions → resource types → folders and files, managed by admins
 * and readable (searchable, citable) by every signed-in user (issue 4).
 */

export const localizedNamesSchema = z.object({
  en: z.string().trim().min(1, 'knowledge:validation.nameRequired').max(200),
  de: z.string().trim().max(200).default(''),
  fr: z.string().trim().max(200).default(''),
  it: z.string().trim().max(200).default(''),
});
export type LocalizedNames = z.infer<typeof localizedNamesSchema>;
export type LocalizedNamesInput = z.input<typeof localizedNamesSchema>;

export const regulatoryFunctionSchema = z.object({
  id: z.uuid(),
  code: z.string().nullable(),
  names: localizedNamesSchema,
  descriptions: z.object({ en: z.string(), de: z.string(), fr: z.string(), it: z.string() }),
  position: z.number().int(),
  documentCount: z.number().int(),
});
export type RegulatoryFunction = z.infer<typeof regulatoryFunctionSchema>;

export const resourceTypeSchema = z.object({
  id: z.uuid(),
  code: z.string().nullable(),
  names: localizedNamesSchema,
  descriptions: z.object({ en: z.string(), de: z.string(), fr: z.string(), it: z.string() }),
  position: z.number().int(),
  /** Documents of this type in the function the list was asked for (0 without one). */
  documentCount: z.number().int(),
});
export type ResourceType = z.infer<typeof resourceTypeSchema>;

export const taxonomyItemInputSchema = z.object({ names: localizedNamesSchema });
export type TaxonomyItemInput = z.input<typeof taxonomyItemInputSchema>;

export const reorderInputSchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

export const functionParamsSchema = z.object({ functionId: z.uuid() });
export const branchParamsSchema = z.object({ functionId: z.uuid(), resourceTypeId: z.uuid() });

export const kbBranchSchema = z.object({
  function: regulatoryFunctionSchema,
  resourceType: resourceTypeSchema,
});

/** The contents of a branch (function × resource type) or of a folder inside it. */
export const kbContentsSchema = z.object({
  function: regulatoryFunctionSchema,
  resourceType: resourceTypeSchema,
  folder: folderSchema.nullable(),
  breadcrumbs: z.array(breadcrumbSchema),
  folders: z.array(folderSchema),
  files: z.array(fileSchema),
});
export type KbContents = z.infer<typeof kbContentsSchema>;

export const kbFileDetailSchema = z.object({
  file: fileSchema,
  functionId: z.uuid(),
  resourceTypeId: z.uuid(),
  /** Front matter of a seeded document (id, jurisdiction, reference, lastVerified, …). */
  metadata: z.record(z.string(), z.unknown()),
});
export type KbFileDetail = z.infer<typeof kbFileDetailSchema>;

export const kbFolderQuerySchema = z.object({ folderId: z.uuid().optional() });

export const createKbFolderInputSchema = z.object({
  name: z.string(),
  parentId: z.uuid().nullable().optional(),
});

export const kbMoveFileInputSchema = z.object({
  functionId: z.uuid(),
  resourceTypeId: z.uuid(),
  folderId: z.uuid().nullable(),
});
export type KbMoveFileInput = z.infer<typeof kbMoveFileInputSchema>;

export const testUploadResultSchema = z.object({
  ok: z.boolean(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  declaredMimeType: z.string(),
  type: z.string().nullable(),
  language: z.string().nullable(),
  title: z.string().nullable(),
  noText: z.boolean(),
  pages: z.array(z.object({ number: z.number().int(), text: z.string() })),
  chunks: z.array(
    z.object({ index: z.number().int(), page: z.number().int(), heading: z.string().nullable(), text: z.string() }),
  ),
  warnings: z.array(z.string()),
  timings: z.record(z.string(), z.number()),
  error: z.object({ code: z.string(), reason: z.string() }).nullable(),
});
export type TestUploadResult = z.infer<typeof testUploadResultSchema>;
