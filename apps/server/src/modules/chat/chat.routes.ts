import {
  assistantsResponseSchema,
  conversationDetailSchema,
  conversationListSchema,
  conversationSummarySchema,
  listConversationsQuerySchema,
  sendMessageInputSchema,
  startConversationInputSchema,
  trialQuestionInputSchema,
  trialUsageSchema,
  updateConversationInputSchema,
  usageSchema,
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
import { formatStreamEvent, streamEvents } from './stream-events.ts';
import { endpointRateLimit } from '../../plugins/security.ts';

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
  let corked = false;
  const send = (event: StreamEvent) => {
    if (raw.destroyed || raw.writableEnded) return;
    // Events of one turn of the event loop (a citation and the words citing it) leave in one write.
    // The socket is corked, not the response: a corked response uncorks its socket before it writes
    // a chunk's size, data and line ends, each then a system call of its own (node's _http_outgoing).
    const socket = raw.socket;
    if (socket && !corked) {
      corked = true;
      socket.cork();
      process.nextTick(() => {
        corked = false;
        socket.uncork();
      });
    }
    raw.write(formatStreamEvent(event));
  };
  const heartbeat = setInterval(() => {
    if (!raw.destroyed && !raw.writableEnded) raw.write(': keep-alive\n\n');
  }, 15_000);
  try {
    send(streamEvents.meta(turn.meta));
    await turn.run(send, controller.signal);
  } catch (error) {
    request.log.error({ err: error }, 'Chat stream failed');
    send(streamEvents.error('INTERNAL_ERROR'));
  } finally {
    clearInterval(heartbeat);
    openStreams.delete(controller);
    // Ending uncorks the socket: the last events and the end of the response leave in one write.
    if (!raw.destroyed && !raw.writableEnded) raw.end();
  }
}

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, options) => {
  const { chat, assistants, quota, capabilities, openStreams } = options;

  app.get(
    '/assistants',
    {
      schema: {
        tags: ['chat'],
        summary: 'The assistants the chat offers, and what the server can do (provider, web search)',
        response: { 200: assistantsResponseSchema },
      },
    },
    async (request) => ({ assistants: await assistants.list(request.actor), capabilities }),
  );

  app.get(
    '/chat/conversations',
    {
      schema: {
        tags: ['chat'],
        summary: 'The caller’s conversations (active or archived), searchable by title and content',
        querystring: listConversationsQuerySchema,
        response: { 200: conversationListSchema, ...errors },
      },
    },
    async (request) => ({ conversations: await chat.listConversations(request.actor, request.query) }),
  );

  app.get(
    '/chat/conversations/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'A conversation with its messages',
        params: idParams,
        response: { 200: conversationDetailSchema, ...errors },
      },
    },
    async (request) => chat.getConversation(request.actor, request.params),
  );

  app.patch(
    '/chat/conversations/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'Rename, archive or reactivate a conversation',
        params: idParams,
        body: updateConversationInputSchema,
        response: { 200: conversationSummarySchema, ...errors },
      },
    },
    async (request) =>
      chat.updateConversation(request.actor, {
        ...request.body,
        id: request.params.id,
        origin: realtimeOrigin(request),
      }),
  );

  app.delete(
    '/chat/conversations/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'Delete a conversation',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.deleteConversation(request.actor, { id: request.params.id, origin: realtimeOrigin(request) });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/chat/conversations',
    {
      preHandler: endpointRateLimit(app, 'chat'),
      schema: {
        tags: ['chat'],
        summary: 'Start a conversation; answers as text/event-stream (meta, delta, citation, done, error)',
        body: startConversationInputSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const turn = await chat.startConversation(request.actor, { ...request.body, origin: realtimeOrigin(request) });
      await streamTurn(request, reply, turn, openStreams);
    },
  );

  app.post(
    '/chat/conversations/:id/messages',
    {
      preHandler: endpointRateLimit(app, 'chat'),
      schema: {
        tags: ['chat'],
        summary: 'Ask, edit an earlier question (replaceMessageId) or regenerate; answers as text/event-stream',
        params: idParams,
        body: sendMessageInputSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const turn = await chat.sendMessage(request.actor, {
        ...request.body,
        id: request.params.id,
        origin: realtimeOrigin(request),
      });
      await streamTurn(request, reply, turn, openStreams);
    },
  );

  app.get(
    '/chat/usage',
    {
      schema: {
        tags: ['chat'],
        summary: 'The caller’s quota items: LLM tokens this month, storage',
        response: { 200: usageSchema, ...errors },
      },
    },
    async (request) => quota.usage(request.actor),
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
    async (request) => chat.trialUsage(request.actor),
  );

  app.post(
    '/chat/trial',
    {
      preHandler: endpointRateLimit(app, 'chat'),
      schema: {
        tags: ['chat'],
        summary: 'Ask without an account (daily cap per visitor and IP); answers as text/event-stream',
        body: trialQuestionInputSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const turn = await chat.trialQuestion(request.actor, request.body);
      await streamTurn(request, reply, turn, openStreams);
    },
  );
};
