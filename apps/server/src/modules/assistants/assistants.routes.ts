import { adminAssistantSchema, updateAssistantInputSchema } from '@compliance/shared/chat';
import { errorBodySchema } from '@compliance/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AssistantsService } from './assistants.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The admin's assistant editor: `/api/admin/assistants` (the picker's list is served with the chat). */
export const assistantsRoutes: FastifyPluginAsyncZod<{ assistants: AssistantsService }> = async (
  app,
  { assistants },
) => {
  app.get(
    '/admin/assistants',
    {
      schema: {
        tags: ['admin'],
        summary: 'Assistant definitions with their instructions',
        response: { 200: z.object({ assistants: z.array(adminAssistantSchema) }), ...errors },
      },
    },
    async (request) => ({ assistants: await assistants.listForAdmin(request.actor) }),
  );

  app.patch(
    '/admin/assistants/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit an assistant (name, description, instructions, default toggles)',
        params: z.object({ id: z.uuid() }),
        body: updateAssistantInputSchema,
        response: { 200: adminAssistantSchema, ...errors },
      },
    },
    async (request) => assistants.update(request.actor, { ...request.body, id: request.params.id }),
  );
};
