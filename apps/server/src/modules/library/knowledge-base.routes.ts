import multipart from '@fastify/multipart';
import { fileSchema, idParamsSchema, pageSchema, passageSchema, searchQuerySchema } from '@compliance/shared/documents';
import { errorBodySchema } from '@compliance/shared/errors';
import {
  branchParamsSchema,
  functionParamsSchema,
  kbContentsSchema,
  kbFileDetailSchema,
  kbFolderQuerySchema,
  kbMoveFileInputSchema,
  regulatoryFunctionSchema,
  reorderInputSchema,
  resourceTypeSchema,
  taxonomyItemInputSchema,
  testUploadResultSchema,
} from '@compliance/shared/knowledge';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/errors.ts';
import { realtimeOrigin } from '../../plugins/realtime.ts';
import type { KnowledgeService } from './knowledge-base.service.ts';
import { readUploadPart } from './library.routes.ts';
import { endpointRateLimit } from '../../plugins/security.ts';

export interface KnowledgeRoutesOptions {
  knowledge: KnowledgeService;
  maxFileBytes: number;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * /api/knowledge/* for every signed-in user (read and search), /api/admin/knowledge/* for admins
 * (the admin prefix is guarded by the auth plugin, and the service checks the role again).
 */
export const knowledgeRoutes: FastifyPluginAsyncZod<KnowledgeRoutesOptions> = async (app, options) => {
  const { knowledge } = options;
  await app.register(multipart, { limits: { fileSize: options.maxFileBytes + 1, files: 1, fields: 10, parts: 12 } });
  const tags = ['knowledge'];
  const kinds = { functions: 'function', 'resource-types': 'resourceType' } as const;

  app.get(
    '/knowledge/functions',
    { schema: { tags, summary: 'Regulatory functions', response: { 200: z.array(regulatoryFunctionSchema) } } },
    async (request) => knowledge.listFunctions(request.actor),
  );

  app.get(
    '/knowledge/search',
    {
      preHandler: endpointRateLimit(app, 'search'),
      schema: {
        tags,
        summary: 'Full-text search of the knowledge base',
        querystring: searchQuerySchema,
        response: { 200: z.object({ passages: z.array(passageSchema) }), ...errors },
      },
    },
    async (request) => ({
      passages: await knowledge.search(request.actor, request.query.q, request.query.language, request.query.limit),
    }),
  );

  // ---- admin: taxonomy ----
  app.get(
    '/admin/knowledge/functions',
    {
      schema: {
        tags,
        summary: 'Regulatory functions with document counts',
        response: { 200: z.array(regulatoryFunctionSchema) },
      },
    },
    async (request) => knowledge.adminListFunctions(request.actor),
  );

  app.get(
    '/admin/knowledge/functions/:functionId/resource-types',
    {
      schema: {
        tags,
        summary: 'Resource types, with document counts within one function',
        params: functionParamsSchema,
        response: {
          200: z.object({ function: regulatoryFunctionSchema.nullable(), resourceTypes: z.array(resourceTypeSchema) }),
          ...errors,
        },
      },
    },
    async (request) => knowledge.adminListResourceTypes(request.actor, request.params.functionId),
  );

  for (const [segment, kind] of Object.entries(kinds)) {
    const itemSchema = kind === 'function' ? regulatoryFunctionSchema : resourceTypeSchema;
    app.post(
      `/admin/knowledge/${segment}`,
      {
        schema: {
          tags,
          summary: `Create a ${kind}`,
          body: taxonomyItemInputSchema,
          response: { 201: itemSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await knowledge.createItem(request.actor, kind, request.body, realtimeOrigin(request))),
    );
    app.patch(
      `/admin/knowledge/${segment}/:id`,
      {
        schema: {
          tags,
          summary: `Rename a ${kind}`,
          params: idParamsSchema,
          body: taxonomyItemInputSchema,
          response: { 200: itemSchema, ...errors },
        },
      },
      async (request) =>
        knowledge.renameItem(request.actor, kind, request.params.id, request.body, realtimeOrigin(request)),
    );
    app.put(
      `/admin/knowledge/${segment}/order`,
      {
        schema: {
          tags,
          summary: `Reorder ${segment}`,
          body: reorderInputSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await knowledge.reorderItems(request.actor, kind, request.body.ids, realtimeOrigin(request));
        return reply.code(204).send(null);
      },
    );
    app.delete(
      `/admin/knowledge/${segment}/:id`,
      {
        schema: {
          tags,
          summary: `Delete an empty ${kind}`,
          params: idParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await knowledge.deleteItem(request.actor, kind, request.params.id, realtimeOrigin(request));
        return reply.code(204).send(null);
      },
    );
  }

  // ---- admin: branches, folders, files ----
  app.get(
    '/admin/knowledge/branches/:functionId/:resourceTypeId',
    {
      schema: {
        tags,
        summary: 'Folders and files of a function × resource type (or of a folder in it)',
        params: branchParamsSchema,
        querystring: kbFolderQuerySchema,
        response: { 200: kbContentsSchema, ...errors },
      },
    },
    async (request) =>
      knowledge.getBranch(
        request.actor,
        request.params.functionId,
        request.params.resourceTypeId,
        request.query.folderId ?? null,
      ),
  );

  app.get(
    '/admin/knowledge/folders/:id',
    {
      schema: {
        tags,
        summary: 'A knowledge-base folder with its branch and contents',
        params: idParamsSchema,
        response: { 200: kbContentsSchema, ...errors },
      },
    },
    async (request) => knowledge.getFolder(request.actor, request.params.id),
  );

  app.get(
    '/admin/knowledge/files/:id',
    {
      schema: {
        tags,
        summary: 'A knowledge-base document with its pages and metadata',
        params: idParamsSchema,
        response: { 200: kbFileDetailSchema.extend({ pages: z.array(pageSchema) }), ...errors },
      },
    },
    async (request) => knowledge.getFile(request.actor, request.params.id),
  );

  app.post(
    '/admin/knowledge/files/:id/move',
    {
      schema: {
        tags,
        summary: 'Move a document to another branch or folder',
        params: idParamsSchema,
        body: kbMoveFileInputSchema,
        response: { 200: fileSchema, ...errors },
      },
    },
    async (request) => knowledge.moveFile(request.actor, request.params.id, request.body, realtimeOrigin(request)),
  );

  app.post(
    '/admin/knowledge/import',
    {
      schema: {
        tags,
        summary: 'Re-import the shipped knowledge base (content/knowledge-base): new and edited documents',
        response: { 200: z.object({ added: z.number(), updated: z.number(), unchanged: z.number() }), ...errors },
      },
    },
    async (request) => knowledge.importContent(request.actor),
  );

  app.post(
    '/admin/test-upload',
    {
      schema: {
        tags,
        summary: 'Run ingestion on one file and report what it made of it (nothing is stored)',
        response: { 200: testUploadResultSchema, 413: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const part = await readUploadPart(request);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        const tooLarge = (error as { statusCode?: number }).statusCode === 413;
        throw new AppError(tooLarge ? 'FILE_TOO_LARGE' : 'UPLOAD_FAILED', tooLarge ? 413 : 400, 'Upload failed', {
          cause: error,
        });
      }
      return knowledge.testExtract(request.actor, new Uint8Array(bytes), part.filename, part.mimetype);
    },
  );
};
