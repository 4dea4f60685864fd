import { errorBodySchema } from '@compliance/shared/errors';
import { connectionIdParamsSchema } from '@compliance/shared/integrations';
import {
  createTaskInputSchema,
  createTicketInputSchema,
  importedTicketSchema,
  ticketLinkListSchema,
  ticketLinkSchema,
  ticketLinksQuerySchema,
  ticketParamsSchema,
} from '@compliance/shared/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TicketsService } from './tickets.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
};
const tags = ['integrations'];

/** Tickets and tasks through `tickets` connections: parse, pass the actor. The service checks access. */
export const ticketsRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (app, { tickets }) => {
  app.get(
    '/integrations/tickets',
    {
      schema: {
        tags,
        summary: 'The caller’s tickets and tasks of one of their conversations or one country, statuses refreshed',
        querystring: ticketLinksQuerySchema,
        response: { 200: ticketLinkListSchema, ...errors },
      },
    },
    async (request) => ({ tickets: await tickets.links(request.actor, request.query) }),
  );

  app.post(
    '/integrations/:id/tickets',
    {
      schema: {
        tags,
        summary: 'Turns one of the caller’s conversations into a ticket (question, answer, numbered sources)',
        params: connectionIdParamsSchema,
        body: createTicketInputSchema,
        response: { 201: ticketLinkSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await tickets.createTicket(request.actor, request.params.id, request.body)),
  );

  app.post(
    '/integrations/:id/tasks',
    {
      schema: {
        tags,
        summary: 'Creates a task (title, description with sources, due date, assignee) from an answer or a country',
        params: connectionIdParamsSchema,
        body: createTaskInputSchema,
        response: { 201: ticketLinkSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await tickets.createTask(request.actor, request.params.id, request.body)),
  );

  app.get(
    '/integrations/:id/tickets/:number',
    {
      schema: {
        tags,
        summary: 'A ticket’s subject and first message, to ask in a new conversation',
        params: ticketParamsSchema,
        response: { 200: importedTicketSchema, ...errors },
      },
    },
    async (request) => tickets.importTicket(request.actor, request.params.id, request.params.number),
  );
};
