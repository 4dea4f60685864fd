import multipart from '@fastify/multipart';
import {
  fileSchema,
  folderSchema,
  idParamsSchema,
  moveItemInputSchema,
  renameFileInputSchema,
  uploadQuerySchema,
} from '@compliance/shared/documents';
import { errorBodySchema } from '@compliance/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/errors.ts';
import { realtimeOrigin } from '../../plugins/realtime.ts';
import type { LibraryRoot, LibraryService } from './library.service.ts';
import { endpointRateLimit } from '../../plugins/security.ts';

export const libraryErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export interface LibraryRoutesOptions<RootParams extends z.ZodType> {
  library: LibraryService;
  maxFileBytes: number;
  /** Where this library's routes live, e.g. '/documents' or '/admin/knowledge'. */
  base: string;
  /** The path of a root below `base` ('' for the personal library, '/branches/:functionId/:resourceTypeId'). */
  rootPath: string;
  rootParams: RootParams;
  rootOf: (params: z.infer<RootParams>) => LibraryRoot;
  tags: string[];
}

/** Reads the one file of a multipart upload, answering the spec's upload error when there is none. */
export async function readUploadPart(request: FastifyRequest) {
  const part = await request.file().catch((error: unknown) => {
    throw new AppError('UPLOAD_FAILED', 400, 'The upload could not be read', { cause: error });
  });
  if (!part) throw new AppError('UPLOAD_FAILED', 400, 'No file in the upload');
  return part;
}

/**
 * The folder and file routes every library scope shares (one route factory, mounted once per
 * scope): create and upload into a root, rename, delete, move within the library, re-index. The
 * service checks access; routes parse and map HTTP only.
 */
export function libraryRoutes<RootParams extends z.ZodType>(
  options: LibraryRoutesOptions<RootParams>,
): FastifyPluginAsyncZod {
  const { library, base, rootPath, rootParams, rootOf, tags } = options;
  const errors = libraryErrors;
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: options.maxFileBytes + 1, files: 1, fields: 10, parts: 12 },
    });

    app.post(
      `${base}${rootPath}/folders`,
      {
        schema: {
          tags,
          summary: 'Create a folder',
          params: rootParams,
          body: z.object({ name: z.string(), parentId: z.uuid().nullable().optional() }),
          response: { 201: folderSchema, ...errors },
        },
      },
      async (request, reply) => {
        const root = rootOf(request.params as z.infer<RootParams>);
        const folder = await library.createFolder(request.actor, root, request.body, realtimeOrigin(request));
        return reply.code(201).send(folder);
      },
    );

    app.post(
      `${base}${rootPath}/files`,
      {
        preHandler: endpointRateLimit(app, 'upload'),
        schema: {
          tags,
          summary: 'Upload one file (multipart field "file") into a folder; ingestion runs in the background',
          params: rootParams,
          querystring: uploadQuerySchema,
          response: {
            201: z.object({ file: fileSchema, replaced: z.boolean() }),
            413: errorBodySchema,
            415: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const root = rootOf(request.params as z.infer<RootParams>);
        const part = await readUploadPart(request);
        const length = Number(request.headers['content-length']);
        const result = await library
          .upload(request.actor, root, {
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

    app.patch(
      `${base}/folders/:id`,
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
        library.renameFolder(request.actor, request.params.id, request.body.name, realtimeOrigin(request)),
    );

    app.delete(
      `${base}/folders/:id`,
      {
        schema: {
          tags,
          summary: 'Delete a folder with everything in it',
          params: idParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await library.deleteFolder(request.actor, request.params.id, realtimeOrigin(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      `${base}/folders/:id/move`,
      {
        schema: {
          tags,
          summary: 'Move a folder into another folder, its parent folder or the root',
          params: idParamsSchema,
          body: moveItemInputSchema,
          response: { 200: folderSchema, ...errors },
        },
      },
      async (request) => library.moveFolder(request.actor, request.params.id, request.body, realtimeOrigin(request)),
    );

    app.patch(
      `${base}/files/:id`,
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
        library.renameFile(request.actor, request.params.id, request.body.name, realtimeOrigin(request)),
    );

    app.delete(
      `${base}/files/:id`,
      { schema: { tags, summary: 'Delete a file', params: idParamsSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await library.deleteFile(request.actor, request.params.id, realtimeOrigin(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      `${base}/files/:id/reindex`,
      {
        schema: {
          tags,
          summary: 'Run ingestion of a file again (a retry after a failure, or a re-index)',
          params: idParamsSchema,
          response: { 200: fileSchema, ...errors },
        },
      },
      async (request) => library.reindex(request.actor, request.params.id, realtimeOrigin(request)),
    );
  };
}
