import {
  adminAssistantSchema,
  assistantsResponseSchema,
  conversationDetailSchema,
  conversationListSchema,
  conversationSummarySchema,
  listConversationsQuerySchema,
  sendMessageInputSchema,
  startConversationInputSchema,
  trialQuestionInputSchema,
  trialUsageSchema,
  updateAssistantInputSchema,
  updateConversationInputSchema,
  usageSchema,
  VISITOR_ID_HEADER,
  type ChatCapabilities,
  type StreamEvent,
} from '@compliance/shared/chat';
import { errorBodySchema } from '@compliance/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { realtimeOrigin } from '../../plugins/realtime.ts';
import type { AssistantsService } from '../assistants/assistants.service.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { ChatService, ChatTurn } from './chat.service.ts';

export interface ChatRoutesOptions {
  chat: ChatService;
  assistants: AssistantsService;
  quota: EntitlementsService;
  capabilities: ChatCapabilities;
  /** Streams open right now (aborted when the server closes). */
  openStreams: Set<AbortController>;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const idParams = z.object({ id: z.uuid() });

function visitorOf(request: FastifyRequest) {
  const header = request.headers[VISITOR_ID_HEADER];
  const visitorId = typeof header === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(header) ? header : `ip:${request.ip}`;
  return { visitorId, ip: request.ip };
}

/**
 * Answers with `text/event-stream` (DESIGN §5): `meta` first, then `delta` / `citation`, then `done`
 * or `error`. A client that disconnects aborts the answer, which is stored as stopped.
 */
async function streamTurn(
  request: FastifyRequest,
  reply: FastifyReply,
  turn: ChatTurn,
  openStreams: Set<AbortController>,
) {
  reply.hijack();
  const raw = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  const controller = new AbortController();
  openStreams.add(controller);
  raw.on('close', () => {
    if (!raw.writableFinished) controller.abort();
  });
  const send = (event: StreamEvent) => {
    if (raw.destroyed || raw.writableEnded) return;
    raw.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };
  const heartbeat = setInterval(() => {
    if (!raw.destroyed && !raw.writableEnded) raw.write(': keep-alive\n\n');
  }, 15_000);
  try {
    send({ event: 'meta', data: turn.meta });
    await turn.run(send, controller.signal);
  } catch (error) {
    request.log.error({ err: error }, 'Chat stream failed');
    send({ event: 'error', data: { code: 'INTERNAL_ERROR' } });
  } finally {
    clearInterval(heartbeat);
    openStreams.delete(controller);
    if (!raw.destroyed && !raw.writableEnded) raw.end();
  }
}

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, options) => {
  const { chat, assistants, quota, capabilities, openStreams } = options;
  const user = (request: FastifyRequest) => request.auth!.user;

  app.get(
    '/assistants',
    {
      schema: {
        tags: ['chat'],
        summary: 'The assistants the chat offers, and what the server can do (provider, web search)',
        response: { 200: assistantsResponseSchema },
      },
    },
    async () => ({ assistants: await assistants.list(), capabilities }),
  );

  app.get(
    '/admin/assistants',
    {
      schema: {
        tags: ['admin'],
        summary: 'Assistant definitions with their instructions',
        response: { 200: z.object({ assistants: z.array(adminAssistantSchema) }), ...errors },
      },
    },
    async (request) => ({ assistants: await assistants.listForAdmin(request.auth?.user ?? null) }),
  );

  app.patch(
    '/admin/assistants/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit an assistant (name, description, instructions, default toggles)',
        params: idParams,
        body: updateAssistantInputSchema,
        response: { 200: adminAssistantSchema, ...errors },
      },
    },
    async (request) => assistants.update(request.auth?.user ?? null, request.params.id, request.body),
  );

  app.get(
    '/chat/conversations',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'The caller’s conversations (active or archived), searchable by title and content',
        querystring: listConversationsQuerySchema,
        response: { 200: conversationListSchema, ...errors },
      },
    },
    async (request) => ({ conversations: await chat.listConversations(user(request), request.query) }),
  );

  app.get(
    '/chat/conversations/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'A conversation with its messages',
        params: idParams,
        response: { 200: conversationDetailSchema, ...errors },
      },
    },
    async (request) => chat.getConversation(user(request), request.params.id),
  );

  app.patch(
    '/chat/conversations/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'Rename, archive or reactivate a conversation',
        params: idParams,
        body: updateConversationInputSchema,
        response: { 200: conversationSummarySchema, ...errors },
      },
    },
    async (request) => chat.updateConversation(user(request), request.params.id, request.body, realtimeOrigin(request)),
  );

  app.delete(
    '/chat/conversations/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'Delete a conversation',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.deleteConversation(user(request), request.params.id, realtimeOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/chat/conversations',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'Start a conversation; answers as text/event-stream (meta, delta, citation, done, error)',
        body: startConversationInputSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const turn = await chat.startConversation(user(request), request.body, realtimeOrigin(request));
      await streamTurn(request, reply, turn, openStreams);
    },
  );

  app.post(
    '/chat/conversations/:id/messages',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'Ask, edit an earlier question (replaceMessageId) or regenerate; answers as text/event-stream',
        params: idParams,
        body: sendMessageInputSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const turn = await chat.sendMessage(user(request), request.params.id, request.body, realtimeOrigin(request));
      await streamTurn(request, reply, turn, openStreams);
    },
  );

  app.get(
    '/chat/usage',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'The caller’s quota items: LLM tokens this month, storage',
        response: { 200: usageSchema, ...errors },
      },
    },
    async (request) => quota.usage({ user: user(request) }),
  );

  app.get(
    '/chat/trial/usage',
    {
      schema: {
        tags: ['chat'],
        summary: 'Questions the anonymous visitor has asked today',
        response: { 200: trialUsageSchema },
      },
    },
    async (request) => quota.trialUsage(visitorOf(request)),
  );

  app.post(
    '/chat/trial',
    {
      schema: {
        tags: ['chat'],
        summary: 'Ask without an account (daily cap per visitor and IP); answers as text/event-stream',
        body: trialQuestionInputSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const turn = await chat.trialQuestion(visitorOf(request), request.body);
      await streamTurn(request, reply, turn, openStreams);
    },
  );
};
