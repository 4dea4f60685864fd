import {
  documentSearchResultSchema,
  fileContentSchema,
  fileSchema,
  folderContentsSchema,
  folderQuerySchema,
  folderTreeSchema,
  idParamsSchema,
  moveItemInputSchema,
  searchQuerySchema,
  storageUsageSchema,
} from '@compliance/shared/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { realtimeOrigin } from '../../plugins/realtime.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import { sendDownload } from './download.ts';
import { libraryErrors as errors } from './library.routes.ts';
import type { LibraryService } from './library.service.ts';
import { endpointRateLimit } from '../../plugins/security.ts';

export interface DocumentsRoutesOptions {
  library: LibraryService;
  entitlements: EntitlementsService;
}

const personal = { scope: 'personal' } as const;

/**
 * What only the personal library has under /api/documents: its contents and folder tree, storage
 * use, search, and reading a file (own or of the knowledge base, which every user may read). The
 * folder and file operations both libraries share come from `libraryRoutes`.
 */
export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (app, options) => {
  const { library, entitlements } = options;
  const tags = ['documents'];

  app.get(
    '/documents',
    {
      schema: {
        tags,
        summary: 'Folders and files of the root or of one folder, with breadcrumbs',
        querystring: folderQuerySchema,
        response: { 200: folderContentsSchema, ...errors },
      },
    },
    async (request) => library.getContents(request.actor, personal, request.query.folderId ?? null),
  );

  app.get(
    '/documents/folders/tree',
    { schema: { tags, summary: 'Every folder of the user (for "Move to…")', response: { 200: folderTreeSchema } } },
    async (request) => library.getFolderTree(request.actor),
  );

  app.get(
    '/documents/usage',
    { schema: { tags, summary: 'Storage used and available', response: { 200: storageUsageSchema, ...errors } } },
    async (request) => entitlements.storageUsage(request.actor),
  );

  app.get(
    '/documents/search',
    {
      preHandler: endpointRateLimit(app, 'search'),
      schema: {
        tags,
        summary: 'Search own files by name and by full text, with highlighted snippets',
        querystring: searchQuerySchema,
        response: { 200: documentSearchResultSchema, ...errors },
      },
    },
    async (request) => {
      const { q, language, limit } = request.query;
      const [byName, passages] = await Promise.all([
        library.searchByName(request.actor, q, limit),
        library.searchPassages(request.actor, { query: q, language, limit }),
      ]);
      return { ...byName, passages };
    },
  );

  app.get(
    '/documents/files/:id',
    {
      schema: {
        tags,
        summary: 'One file (own, or of the knowledge base)',
        params: idParamsSchema,
        response: { 200: fileSchema, ...errors },
      },
    },
    async (request) => library.getFile(request.actor, request.params.id),
  );

  app.get(
    '/documents/files/:id/content',
    {
      schema: {
        tags,
        summary: 'The extracted text of a file, by page (own, or of the knowledge base)',
        params: idParamsSchema,
        response: { 200: fileContentSchema, ...errors },
      },
    },
    async (request) => library.getFileContent(request.actor, request.params.id),
  );

  app.get(
    '/documents/files/:id/download',
    { schema: { tags, summary: 'Download the original', params: idParamsSchema } },
    async (request, reply) => {
      const { file, stream } = await library.openDownload(request.actor, request.params.id);
      return sendDownload(reply, file, stream);
    },
  );

  app.post(
    '/documents/files/:id/move',
    {
      schema: {
        tags,
        summary: 'Move a file into a folder, its parent folder or the root',
        params: idParamsSchema,
        body: moveItemInputSchema,
        response: { 200: fileSchema, ...errors },
      },
    },
    async (request) => library.moveFile(request.actor, request.params.id, request.body, realtimeOrigin(request)),
  );
};
