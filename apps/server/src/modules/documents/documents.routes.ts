import multipart from '@fastify/multipart';
import {
  createFolderInputSchema,
  documentSearchResultSchema,
  fileContentSchema,
  fileSchema,
  folderContentsSchema,
  folderQuerySchema,
  folderSchema,
  folderTreeSchema,
  idParamsSchema,
  moveItemInputSchema,
  renameFileInputSchema,
  searchQuerySchema,
  storageUsageSchema,
  uploadQuerySchema,
} from '@compliance/shared/documents';
import { errorBodySchema } from '@compliance/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/errors.ts';
import { realtimeOrigin } from '../../plugins/realtime.ts';
import type { AuthUser } from '../auth/session.service.ts';
import type { SearchService } from '../search/search.service.ts';
import type { DocumentsService } from './documents.service.ts';
import { sendDownload } from './download.ts';

export interface DocumentsRoutesOptions {
  documents: DocumentsService;
  search: SearchService;
  maxFileBytes: number;
}

function userOf(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 401, 'Sign in to continue');
  return request.auth.user;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The signed-in user's own document library (private to them) under /api/documents. */
export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (app, options) => {
  const { documents, search } = options;
  await app.register(multipart, {
    limits: { fileSize: options.maxFileBytes + 1, files: 1, fields: 10, parts: 12 },
  });
  app.addHook('preHandler', app.requireUser);
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
    async (request) => documents.getContents(userOf(request), request.query.folderId ?? null),
  );

  app.get(
    '/documents/folders/tree',
    { schema: { tags, summary: 'Every folder of the user (for "Move to…")', response: { 200: folderTreeSchema } } },
    async (request) => documents.getFolderTree(userOf(request)),
  );

  app.get(
    '/documents/usage',
    { schema: { tags, summary: 'Storage used and available', response: { 200: storageUsageSchema } } },
    async (request) => documents.getUsage(userOf(request)),
  );

  app.get(
    '/documents/search',
    {
      schema: {
        tags,
        summary: 'Search own files by name and by full text, with highlighted snippets',
        querystring: searchQuerySchema,
        response: { 200: documentSearchResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { q, language, limit } = request.query;
      const [byName, passages] = await Promise.all([
        documents.searchByName(user, q, limit),
        search.searchChunks({ query: q, language, scope: { userId: user.id, includeKnowledgeBase: false }, limit }),
      ]);
      return { ...byName, passages };
    },
  );

  app.post(
    '/documents/folders',
    {
      schema: {
        tags,
        summary: 'Create a folder',
        body: z.object({ name: z.string(), parentId: createFolderInputSchema.shape.parentId }),
        response: { 201: folderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const folder = await documents.createFolder(userOf(request), request.body, realtimeOrigin(request));
      return reply.code(201).send(folder);
    },
  );

  app.patch(
    '/documents/folders/:id',
    {
      schema: {
        tags,
        summary: 'Rename a folder',
        params: idParamsSchema,
        body: z.object({ name: z.string() }),
        response: { 200: folderSchema, ...errors },
      },
    },
    async (request) =>
      documents.renameFolder(userOf(request), request.params.id, request.body.name, realtimeOrigin(request)),
  );

  app.delete(
    '/documents/folders/:id',
    {
      schema: {
        tags,
        summary: 'Delete a folder with everything in it',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await documents.deleteFolder(userOf(request), request.params.id, realtimeOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/documents/folders/:id/move',
    {
      schema: {
        tags,
        summary: 'Move a folder into another folder or to the root',
        params: idParamsSchema,
        body: moveItemInputSchema,
        response: { 200: folderSchema, ...errors },
      },
    },
    async (request) => documents.moveFolder(userOf(request), request.params.id, request.body, realtimeOrigin(request)),
  );

  app.post(
    '/documents/files',
    {
      schema: {
        tags,
        summary: 'Upload one file (multipart field "file") into a folder; ingestion runs in the background',
        querystring: uploadQuerySchema,
        response: { 201: z.object({ file: fileSchema, replaced: z.boolean() }), 413: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const part = await request.file().catch((error: unknown) => {
        throw new AppError('UPLOAD_FAILED', 400, 'The upload could not be read', { cause: error });
      });
      if (!part) throw new AppError('UPLOAD_FAILED', 400, 'No file in the upload');
      const length = Number(request.headers['content-length']);
      const result = await documents
        .upload(user, {
          folderId: request.query.folderId ?? null,
          fileName: part.filename,
          mimeType: part.mimetype,
          source: part.file,
          onConflict: request.query.onConflict,
          expectedBytes: Number.isFinite(length) && length > 0 ? length : undefined,
          originConnectionId: realtimeOrigin(request),
        })
        .finally(() => part.file.resume());
      return reply.code(201).send(result);
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
    async (request) => documents.getFile(userOf(request), request.params.id),
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
    async (request) => documents.getFileContent(userOf(request), request.params.id),
  );

  app.get(
    '/documents/files/:id/download',
    { schema: { tags, summary: 'Download the original', params: idParamsSchema } },
    async (request, reply) => {
      const { file, stream } = await documents.openDownload(userOf(request), request.params.id);
      return sendDownload(reply, file, stream);
    },
  );

  app.patch(
    '/documents/files/:id',
    {
      schema: {
        tags,
        summary: 'Rename a file',
        params: idParamsSchema,
        body: renameFileInputSchema,
        response: { 200: fileSchema, ...errors },
      },
    },
    async (request) =>
      documents.renameFile(userOf(request), request.params.id, request.body.name, realtimeOrigin(request)),
  );

  app.delete(
    '/documents/files/:id',
    { schema: { tags, summary: 'Delete a file', params: idParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await documents.deleteFile(userOf(request), request.params.id, realtimeOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/documents/files/:id/move',
    {
      schema: {
        tags,
        summary: 'Move a file into a folder or to the root',
        params: idParamsSchema,
        body: moveItemInputSchema,
        response: { 200: fileSchema, ...errors },
      },
    },
    async (request) => documents.moveFile(userOf(request), request.params.id, request.body, realtimeOrigin(request)),
  );

  app.post(
    '/documents/files/:id/retry',
    {
      schema: {
        tags,
        summary: 'Run ingestion of a file again (after a failure)',
        params: idParamsSchema,
        response: { 200: fileSchema, ...errors },
      },
    },
    async (request) => documents.retryFile(userOf(request), request.params.id, realtimeOrigin(request)),
  );
};
