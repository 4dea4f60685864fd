import { errorBodySchema } from '@compliance/shared/errors';
import {
  connectionIdParamsSchema,
  connectionListSchema,
  connectionSchema,
  connectionTestResultSchema,
  createConnectionInputSchema,
  journalEntrySchema,
  journalPageSchema,
  journalQuerySchema,
  listConnectionsQuerySchema,
  shareAnswerInputSchema,
  syncRunListSchema,
  syncRunSchema,
  updateConnectionInputSchema,
} from '@compliance/shared/integrations';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IntegrationsService } from './integrations.service.ts';

export interface IntegrationsRoutesOptions {
  integrations: IntegrationsService;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['integrations'];

/** The integrations' HTTP face: parse, pass the actor, map to HTTP. The service checks access. */
export const integrationsRoutes: FastifyPluginAsyncZod<IntegrationsRoutesOptions> = async (app, { integrations }) => {
  app.get(
    '/integrations',
    {
      schema: {
        tags,
        summary:
          'The caller’s connections, (admins, scope=organisation) the organisation’s, or (scope=company) their company’s',
        querystring: listConnectionsQuerySchema,
        response: { 200: connectionListSchema, ...errors },
      },
    },
    async (request) =>
      request.query.scope === 'company'
        ? integrations.companyConnections(request.actor)
        : { connections: await integrations.list(request.actor, request.query.scope) },
  );

  app.get(
    '/integrations/share-targets',
    {
      schema: {
        tags,
        summary: 'Connections the caller can send an answer through (their own and the organisation’s)',
        response: { 200: connectionListSchema, ...errors },
      },
    },
    async (request) => ({ connections: await integrations.shareTargets(request.actor) }),
  );

  app.post(
    '/integrations',
    {
      schema: {
        tags,
        summary: 'Connects a tool (tested at once; a failing test is recorded on the connection)',
        body: createConnectionInputSchema,
        response: { 201: connectionSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await integrations.create(request.actor, request.body)),
  );

  app.patch(
    '/integrations/:id',
    {
      schema: {
        tags,
        summary: 'Renames a connection or changes its settings or secret (an empty secret keeps the stored one)',
        params: connectionIdParamsSchema,
        body: updateConnectionInputSchema,
        response: { 200: connectionSchema, ...errors },
      },
    },
    async (request) => integrations.update(request.actor, request.params.id, request.body),
  );

  app.delete(
    '/integrations/:id',
    {
      schema: {
        tags,
        summary: 'Revokes a connection; files it synced stay in the library',
        params: connectionIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await integrations.remove(request.actor, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/integrations/:id/test',
    {
      schema: {
        tags,
        summary: 'Signs in to the tool again and records the outcome',
        params: connectionIdParamsSchema,
        response: { 200: connectionTestResultSchema, ...errors },
      },
    },
    async (request) => integrations.test(request.actor, request.params.id),
  );

  app.post(
    '/integrations/:id/sync',
    {
      schema: {
        tags,
        summary: 'Queues a sync of a storage connection into the library',
        params: connectionIdParamsSchema,
        response: { 202: syncRunSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await integrations.requestSync(request.actor, request.params.id)),
  );

  app.get(
    '/integrations/:id/runs',
    {
      schema: {
        tags,
        summary: 'The latest syncs of a storage connection, with what happened to each file',
        params: connectionIdParamsSchema,
        response: { 200: syncRunListSchema, ...errors },
      },
    },
    async (request) => ({ runs: await integrations.runs(request.actor, request.params.id) }),
  );

  app.post(
    '/integrations/:id/share',
    {
      schema: {
        tags,
        summary: 'Sends one of the caller’s answers with its citations to a channel, or saves it to storage',
        params: connectionIdParamsSchema,
        body: shareAnswerInputSchema,
        response: { 201: journalEntrySchema, 429: errorBodySchema, 502: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await integrations.shareAnswer(request.actor, request.params.id, request.body)),
  );

  app.get(
    '/integrations/journal',
    {
      schema: {
        tags,
        summary: 'What the caller sent out through connections, newest first',
        querystring: journalQuerySchema,
        response: { 200: journalPageSchema, ...errors },
      },
    },
    async (request) => integrations.journal(request.actor, request.query.page),
  );

  app.get(
    '/integrations/journal.csv',
    { schema: { tags, summary: 'The caller’s journal as CSV' } },
    async (request, reply) => csv(reply, 'journal.csv', await integrations.journalCsv(request.actor)),
  );

  app.get(
    '/admin/integrations/journal',
    {
      schema: {
        tags: ['admin', ...tags],
        summary: 'Every outbound message of the organisation, newest first',
        querystring: journalQuerySchema,
        response: { 200: journalPageSchema, ...errors },
      },
    },
    async (request) => integrations.organisationJournal(request.actor, request.query.page),
  );

  app.get(
    '/admin/integrations/journal.csv',
    { schema: { tags: ['admin', ...tags], summary: 'The organisation’s journal as CSV, for its records' } },
    async (request, reply) =>
      csv(reply, 'integrations-journal.csv', await integrations.organisationJournalCsv(request.actor)),
  );

  app.get(
    '/company/integrations/journal',
    {
      schema: {
        tags,
        summary: 'Every outbound message of the company’s members, newest first (its admins)',
        querystring: journalQuerySchema,
        response: { 200: journalPageSchema, ...errors },
      },
    },
    async (request) => integrations.companyJournal(request.actor, request.query.page),
  );

  app.get(
    '/company/integrations/journal.csv',
    { schema: { tags, summary: 'The company’s journal as CSV, for its books and records' } },
    async (request, reply) =>
      csv(reply, 'company-integrations-journal.csv', await integrations.companyJournalCsv(request.actor)),
  );
};

function csv(reply: FastifyReply, fileName: string, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(`\ufeff${body}`);
}
