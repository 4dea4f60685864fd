import { errorBodySchema } from '@compliance/shared/errors';
import {
  documentChoicesQuerySchema,
  documentChoicesResponseSchema,
  PROMPT_IMPORT_MAX_BYTES,
  deletePromptCategoryQuerySchema,
  duplicatePromptInputSchema,
  listPromptsQuerySchema,
  promptCategoriesResponseSchema,
  promptCategoryInputSchema,
  promptCategorySchema,
  promptIdParamsSchema,
  promptImportResultSchema,
  promptInputSchema,
  promptLibraryFileSchema,
  promptListResponseSchema,
  promptSchema,
  promptVersionParamsSchema,
  promptVersionsResponseSchema,
  reorderPromptCategoriesInputSchema,
  updatePromptCategoryInputSchema,
  updatePromptInputSchema,
  usePromptInputSchema,
  usePromptResultSchema,
} from '@compliance/shared/prompts';
import { locales } from '@compliance/shared/locales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PromptsService } from './prompts.service.ts';

export interface PromptsRoutesOptions {
  prompts: PromptsService;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['prompts'];

/** The prompt library's HTTP face: parse, pass the actor, map to HTTP. The service checks access. */
export const promptsRoutes: FastifyPluginAsyncZod<PromptsRoutesOptions> = async (app, { prompts }) => {
  // ---- categories ----

  app.get(
    '/prompt-categories',
    {
      schema: {
        tags,
        summary: 'The caller’s prompt categories in their order, with prompt counts and the library’s limits',
        response: { 200: promptCategoriesResponseSchema, ...errors },
      },
    },
    async (request) => prompts.listCategories(request.actor),
  );

  app.post(
    '/prompt-categories',
    {
      schema: {
        tags,
        summary: 'Create a category (name unique per user, icon from the bundled set)',
        body: promptCategoryInputSchema,
        response: { 201: promptCategorySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await prompts.createCategory(request.actor, request.body)),
  );

  app.put(
    '/prompt-categories/order',
    {
      schema: {
        tags,
        summary: 'Reorder the categories: every category id of the caller, once, in the new order',
        body: reorderPromptCategoriesInputSchema,
        response: { 200: promptCategoriesResponseSchema, ...errors },
      },
    },
    async (request) => prompts.reorderCategories(request.actor, request.body),
  );

  app.patch(
    '/prompt-categories/:id',
    {
      schema: {
        tags,
        summary: 'Rename a category, or change its icon or description',
        params: promptIdParamsSchema,
        body: updatePromptCategoryInputSchema,
        response: { 200: promptCategorySchema, ...errors },
      },
    },
    async (request) => prompts.updateCategory(request.actor, { ...request.body, id: request.params.id }),
  );

  app.delete(
    '/prompt-categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category; its prompts move to another category (or to none) or are deleted',
        params: promptIdParamsSchema,
        querystring: deletePromptCategoryQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await prompts.deleteCategory(request.actor, { ...request.query, id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  // ---- import and export (before /prompts/:id) ----

  app.get(
    '/prompts/export',
    {
      schema: {
        tags,
        summary: 'The whole library as one JSON file (categories, prompts, placeholders, versions)',
        response: { 200: promptLibraryFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await prompts.exportLibrary(request.actor);
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="prompt-library-${day}.json"`);
      return file;
    },
  );

  app.post(
    '/prompts/import',
    {
      bodyLimit: PROMPT_IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary: 'Add a library file to the caller’s library; nothing is written unless all of it is valid',
        body: promptLibraryFileSchema,
        response: { 200: promptImportResultSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) => prompts.importLibrary(request.actor, request.body),
  );

  app.post(
    '/prompts/starter-set',
    {
      schema: {
        tags,
        summary: 'Add the starter set of compliance prompts, in a language, to the caller’s library (once)',
        body: z.object({ language: z.enum(locales) }),
        response: { 200: promptImportResultSchema, ...errors },
      },
    },
    async (request) => prompts.addStarterSet(request.actor, request.body),
  );

  // ---- prompts ----

  app.get(
    '/prompts',
    {
      schema: {
        tags,
        summary: 'The caller’s prompts: search title and instructions, filter by category or favourites, sort',
        querystring: listPromptsQuerySchema,
        response: { 200: promptListResponseSchema, ...errors },
      },
    },
    async (request) => ({ prompts: await prompts.listPrompts(request.actor, request.query) }),
  );

  app.post(
    '/prompts',
    {
      schema: {
        tags,
        summary: 'Create a prompt; its content becomes version 1',
        body: promptInputSchema,
        response: { 201: promptSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await prompts.createPrompt(request.actor, request.body)),
  );

  app.get(
    '/prompts/:id',
    {
      schema: {
        tags,
        summary: 'A prompt with its instructions and placeholders',
        params: promptIdParamsSchema,
        response: { 200: promptSchema, ...errors },
      },
    },
    async (request) => prompts.getPrompt(request.actor, request.params),
  );

  app.put(
    '/prompts/:id',
    {
      schema: {
        tags,
        summary: 'Save a prompt; changed content becomes a new version (with the optional message)',
        params: promptIdParamsSchema,
        body: promptInputSchema,
        response: { 200: promptSchema, ...errors },
      },
    },
    async (request) => prompts.savePrompt(request.actor, { ...request.body, id: request.params.id }),
  );

  app.patch(
    '/prompts/:id',
    {
      schema: {
        tags,
        summary: 'Mark as favourite or file in another category (no new version)',
        params: promptIdParamsSchema,
        body: updatePromptInputSchema,
        response: { 200: promptSchema, ...errors },
      },
    },
    async (request) => prompts.updatePrompt(request.actor, { ...request.body, id: request.params.id }),
  );

  app.delete(
    '/prompts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a prompt and its versions',
        params: promptIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await prompts.deletePrompt(request.actor, request.params);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/prompts/:id/duplicate',
    {
      schema: {
        tags,
        summary: 'Copy a prompt under a new title',
        params: promptIdParamsSchema,
        body: duplicatePromptInputSchema,
        response: { 201: promptSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await prompts.duplicatePrompt(request.actor, { ...request.body, id: request.params.id })),
  );

  app.get(
    '/prompts/document-choices',
    {
      schema: {
        tags,
        summary: 'The caller’s own ready documents a `document` placeholder can take, matched by name',
        querystring: documentChoicesQuerySchema,
        response: { 200: documentChoicesResponseSchema, ...errors },
      },
    },
    async (request) => ({ documents: await prompts.documentChoices(request.actor, request.query) }),
  );

  app.post(
    '/prompts/:id/use',
    {
      schema: {
        tags,
        summary: 'Fill the prompt in with placeholder values (checked by type and required flag)',
        params: promptIdParamsSchema,
        body: usePromptInputSchema,
        response: { 200: usePromptResultSchema, ...errors },
      },
    },
    async (request) => prompts.usePrompt(request.actor, { ...request.body, id: request.params.id }),
  );

  app.get(
    '/prompts/:id/versions',
    {
      schema: {
        tags,
        summary: 'A prompt’s versions, newest first, each with its content and message',
        params: promptIdParamsSchema,
        response: { 200: promptVersionsResponseSchema, ...errors },
      },
    },
    async (request) => ({ versions: await prompts.listVersions(request.actor, request.params) }),
  );

  app.post(
    '/prompts/:id/versions/:version/restore',
    {
      schema: {
        tags,
        summary: 'Restore this version: its content becomes the newest version',
        params: promptVersionParamsSchema,
        response: { 200: promptSchema, ...errors },
      },
    },
    async (request) => prompts.restoreVersion(request.actor, request.params),
  );
};
