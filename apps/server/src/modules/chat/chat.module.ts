import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AnswerProvider } from '../answers/answer-provider.ts';
import { createOfflineEngine } from '../answers/offline-engine.ts';
import { createOpenAiProvider } from '../answers/openai-provider.ts';
import { loadQuestionLanguageDetector } from '../answers/text-tools.ts';
import { serverStopping } from '../../plugins/lifecycle.ts';
import { createSearxngSearch } from '../web-search/web-search.ts';
import { preferredJurisdictions } from '@compliance/shared/billing';
import { chatRoutes } from './chat.routes.ts';
import { createChatRepository } from './chat.repository.ts';
import { readMemoryFor } from '../../db/read-memory.ts';
import { createChatService, type ChatService } from './chat.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
  }
}

export interface ChatModuleOptions {
  /** Pause between the offline engine's streamed pieces (ms). */
  offlinePaceMs?: number;
  /** How long to wait for the LLM API's first answer. */
  llmConnectTimeoutMs?: number;
}

/** The answer provider chosen from the config, and web search when it is configured. */
function answerSources(app: FastifyInstance, options: ChatModuleOptions) {
  const config = app.config;
  const log = app.log.child({ component: 'chat' });

  const provider: AnswerProvider = config.llm
    ? createOpenAiProvider({
        baseUrl: config.llm.baseUrl,
        apiKey: config.llm.apiKey,
        model: config.llm.model,
        connectTimeoutMs: options.llmConnectTimeoutMs,
      })
    : createOfflineEngine({ paceMs: options.offlinePaceMs });
  const webSearch = config.webSearchUrl ? createSearxngSearch(config.webSearchUrl) : undefined;
  log.info({ provider: provider.kind, webSearch: Boolean(webSearch) }, 'Chat answers ready');
  return { provider, webSearch, log };
}

/**
 * The chat: the answer provider chosen from the config (offline engine, or OpenAI-compatible with
 * LLM_BASE_URL/LLM_MODEL), web search (WEB_SEARCH_URL), conversations, the anonymous trial and the
 * streaming endpoints. Searches the document library (`app.documentSearch`).
 */
export const chatModule = fp<ChatModuleOptions>(
  async (app, options) => {
    const { provider, webSearch, log } = answerSources(app, options);
    const chat = createChatService({
      access: app.access,
      repository: createChatRepository(app.db, readMemoryFor(app.database, app.config)),
      assistants: app.assistants,
      quota: app.entitlements,
      search: app.documentSearch,
      fatfFacts: (actor) => app.countries.answerFacts(actor),
      // Onboarding registers after the chat: read at question time, not at start.
      preferredJurisdictions: async (actor) =>
        actor.kind === 'user' ? preferredJurisdictions(await app.onboarding.interestsFor(actor.user.id)) : [],
      provider,
      webSearch,
      realtime: app.realtime,
      log,
    });
    await chat.failInterruptedAnswers();
    app.decorate('chat', chat);
    // Loaded with the server rather than by the first question whose stop words leave its language open.
    app.addHook('onReady', async () => {
      await loadQuestionLanguageDetector();
    });

    const openStreams = new Set<AbortController>();
    app.addHook('preClose', async () => {
      // Reached once the stop's grace has passed (see process-lifecycle.ts): the client is told to retry.
      for (const controller of openStreams) controller.abort(serverStopping);
    });

    await app.register(chatRoutes, {
      prefix: '/api',
      chat,
      assistants: app.assistants,
      quota: app.entitlements,
      openStreams,
      capabilities: {
        provider: provider.kind,
        webSearch: { available: Boolean(webSearch), reason: webSearch ? null : 'chat:webSearch.notConfigured' },
        anonymousDailyLimit: app.entitlements.defaultPlan.limits.anonymousDailyQuestions,
      },
    });
  },
  { name: 'chat', dependencies: ['db', 'auth', 'realtime', 'entitlements', 'assistants', 'library', 'countries'] },
);
