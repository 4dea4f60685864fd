import {
  CONVERSATION_TITLE_MAX_LENGTH,
  type Citation,
  type ChatLanguage,
  type ChatMessage,
  type ConversationDetail,
  type ConversationSummary,
  type ListConversationsQuery,
  type SendMessageInput,
  type StartConversationInput,
  type StreamEvent,
  type StreamMeta,
  type StreamUsage,
  type TrialQuestionInput,
  type UpdateConversationInput,
} from '@compliance/shared/chat';
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '@compliance/shared/documents';
import type { FastifyBaseLogger } from 'fastify';
import type { StoredCitation } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { RealtimeHub } from '../../plugins/realtime.ts';
import { ProviderError, zeroUsage, type AnswerProvider, type AnswerSource } from '../answers/answer-provider.ts';
import { questionLanguage, searchWords, shorten } from '../answers/text-tools.ts';
import type { AssistantRow } from '../assistants/assistants.repository.ts';
import type { AssistantsService } from '../assistants/assistants.service.ts';
import type { AuthUser } from '../auth/session.service.ts';
import type { AnonymousActor } from '../access/actor.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { SearchService } from '../search/search.service.ts';
import type { WebSearch } from '../web-search/web-search.ts';
import type { ChatRepository, ConversationRow, MessageRow } from './chat.repository.ts';

export interface ChatServiceDeps {
  repository: ChatRepository;
  assistants: AssistantsService;
  quota: EntitlementsService;
  search: SearchService;
  provider: AnswerProvider;
  webSearch: WebSearch | undefined;
  realtime: RealtimeHub | undefined;
  log: FastifyBaseLogger;
  /** Passages handed to the provider. */
  sourceLimit?: number;
}

/** Where a citation of a document opens: the document viewer at that page. */
export function documentHref(documentId: string, page: number | null): string {
  return `/documents?file=${encodeURIComponent(documentId)}${page && page > 1 ? `&page=${page}` : ''}`;
}

export type StreamSink = (event: StreamEvent) => void;

/** A question accepted and stored: `meta` for the stream's first event, `run` to answer it. */
export interface ChatTurn {
  meta: StreamMeta;
  run(send: StreamSink, signal: AbortSignal): Promise<void>;
}

export type ConversationEvent = 'activated' | 'archived' | 'deleted' | 'updated';

function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    assistantId: row.assistantId,
    knowledgeBase: row.knowledgeBase,
    webSearch: row.webSearch,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    status: row.status,
    citations: row.citations,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
  };
}

function titleFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= 80 ? line : `${line.slice(0, 79).trimEnd()}…`;
}

const plainSnippet = (snippet: string) => snippet.replaceAll(SNIPPET_MARK_START, '').replaceAll(SNIPPET_MARK_END, '');

/**
 * The chat: conversations (every method checks that the caller owns the conversation first) and
 * turns — retrieval in the question's language, the answer provider's stream, citations that each
 * map to exactly one source, the stored answer (partial and marked stopped when the client stops).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { repository, assistants, quota, search, provider, webSearch, realtime, log, sourceLimit = 8 } = deps;

  async function publish(user: AuthUser, event: ConversationEvent, id: string, origin: string | null | undefined) {
    await realtime
      ?.publish({ userId: user.id, type: `conversation.${event}`, data: { id }, originConnectionId: origin ?? null })
      .catch((error: unknown) => log.warn({ err: error }, 'Could not publish a conversation event'));
  }

  async function owned(user: AuthUser, id: string): Promise<ConversationRow> {
    const row = await repository.findOwned(user.id, id);
    if (!row) throw new AppError('CONVERSATION_NOT_FOUND', 404, 'Conversation not found');
    return row;
  }

  /** Full-text retrieval: all terms first, then any of them; the question's language first, then any. */
  async function retrieve(
    question: string,
    language: ChatLanguage,
    scope: { userId: string | null; includeKnowledgeBase: boolean },
  ) {
    const seen = new Map<string, Awaited<ReturnType<SearchService['searchChunks']>>[number]>();
    const terms = searchWords(question);
    const allTerms = terms.join(' ') || question;
    const anyTerms = terms.join(' or ');
    const attempts: { query: string; language?: ChatLanguage }[] = [
      { query: allTerms, language },
      { query: anyTerms, language },
      { query: allTerms },
      { query: anyTerms },
    ];
    for (const attempt of attempts) {
      if (seen.size >= sourceLimit) break;
      if (!attempt.query.trim()) continue;
      // The language-free attempts only when the question's language found nothing.
      if (!attempt.language && seen.size > 0) break;
      const passages = await search.searchChunks({
        query: attempt.query,
        language: attempt.language,
        scope,
        limit: sourceLimit * 3,
      });
      for (const passage of passages) if (!seen.has(passage.chunkId)) seen.set(passage.chunkId, passage);
    }
    // At most two passages per document first, so one long document does not crowd out the others.
    const all = [...seen.values()];
    const perDocument = new Map<string, number>();
    const diverse = all.filter((passage) => {
      const count = perDocument.get(passage.documentId) ?? 0;
      perDocument.set(passage.documentId, count + 1);
      return count < 2;
    });
    const rest = all.filter((passage) => !diverse.includes(passage));
    return [...diverse, ...rest].slice(0, sourceLimit);
  }

  async function gatherSources(input: {
    question: string;
    language: ChatLanguage;
    scope: { userId: string | null; includeKnowledgeBase: boolean };
    knowledgeBase: boolean;
    web: boolean;
    signal: AbortSignal;
  }): Promise<AnswerSource[]> {
    const sources: AnswerSource[] = [];
    if (input.knowledgeBase) {
      for (const passage of await retrieve(input.question, input.language, input.scope)) {
        sources.push({
          number: sources.length + 1,
          kind: 'document',
          documentId: passage.documentId,
          title: passage.title,
          page: passage.page > 0 ? passage.page : null,
          heading: passage.heading,
          text: passage.text,
          snippet: plainSnippet(passage.snippet),
          href: documentHref(passage.documentId, passage.page > 0 ? passage.page : null),
        });
      }
    }
    if (input.web && webSearch) {
      try {
        const results = await webSearch.search(input.question, {
          language: input.language,
          limit: 4,
          signal: input.signal,
        });
        for (const result of results) {
          sources.push({
            number: sources.length + 1,
            kind: 'web',
            documentId: null,
            title: result.title,
            page: null,
            heading: null,
            text: result.content,
            snippet: result.content,
            href: result.url,
          });
        }
      } catch (error) {
        log.warn({ err: error }, 'Web search failed; answering without web sources');
      }
    }
    return sources;
  }

  /**
   * Streams one answer: sources, provider chunks → delta and citation events, then done (or
   * error). Returns what to store. Never throws: failures become an `error` event.
   */
  async function answer(input: {
    assistant: AssistantRow;
    question: string;
    language: ChatLanguage;
    history: { role: 'user' | 'assistant'; content: string }[];
    scope: { userId: string | null; includeKnowledgeBase: boolean };
    knowledgeBase: boolean;
    web: boolean;
    send: StreamSink;
    signal: AbortSignal;
  }) {
    let text = '';
    const citations: StoredCitation[] = [];
    let usage: StreamUsage = zeroUsage;
    const cited = new Set<number>();
    const addCitation = (citation: Citation) => {
      if (cited.has(citation.number)) return;
      cited.add(citation.number);
      citations.push(citation);
      input.send({ event: 'citation', data: citation });
    };
    try {
      const sources = await gatherSources({ ...input, question: input.question });
      if (input.signal.aborted) return { text, citations, usage, status: 'stopped' as const, errorCode: null };
      const byNumber = new Map(sources.map((source) => [source.number, source]));
      const stream = provider.answer({
        question: input.question,
        language: input.language,
        assistant: {
          slug: input.assistant.slug,
          name: input.assistant.name,
          instructions: input.assistant.instructions,
        },
        history: input.history,
        sources,
        grounded: input.knowledgeBase || input.web,
        signal: input.signal,
      });
      for await (const chunk of stream) {
        if (input.signal.aborted) break;
        if (chunk.type === 'usage') {
          usage = chunk.usage;
        } else if (chunk.type === 'citation') {
          addCitation({
            number: chunk.number,
            kind: chunk.source.kind,
            documentId: chunk.source.documentId,
            title: chunk.source.title,
            page: chunk.source.page,
            quote: chunk.quote,
            href: chunk.source.href,
          });
        } else {
          text += chunk.text;
          input.send({ event: 'delta', data: { text: chunk.text } });
          if (provider.kind !== 'offline') {
            // Models cite by the sources' numbers: [2] or [1, 3].
            for (const match of text.matchAll(/\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]/g)) {
              for (const number of (match[1] ?? '').split(',').map((value) => Number(value.trim()))) {
                const source = byNumber.get(number);
                if (source && !cited.has(number)) {
                  addCitation({
                    number,
                    kind: source.kind,
                    documentId: source.documentId,
                    title: source.title,
                    page: source.page,
                    quote: shorten(source.snippet || source.text),
                    href: source.href,
                  });
                }
              }
            }
          }
        }
      }
      if (input.signal.aborted) {
        // A stopped answer still cost its tokens.
        const completionTokens =
          usage.completionTokens || (provider.kind === 'offline' ? 0 : Math.ceil(text.length / 4));
        return {
          text,
          citations,
          usage: { ...usage, completionTokens, totalTokens: usage.promptTokens + completionTokens },
          status: 'stopped' as const,
          errorCode: null,
        };
      }
      return { text, citations, usage, status: 'complete' as const, errorCode: null };
    } catch (error) {
      const code = error instanceof ProviderError ? error.code : 'INTERNAL_ERROR';
      log.warn({ err: error, code }, 'Answer failed');
      input.send({ event: 'error', data: { code } });
      return { text, citations, usage, status: 'error' as const, errorCode: code };
    }
  }

  function history(messages: MessageRow[]) {
    return messages
      .filter((message) => message.content && (message.status === 'complete' || message.status === 'stopped'))
      .map((message) => ({ role: message.role, content: message.content }));
  }

  function metaFor(
    assistant: AssistantRow,
    conversation: ConversationRow | null,
    userMessage: MessageRow | undefined,
    answerId: string | null,
  ): StreamMeta {
    return {
      conversationId: conversation?.id ?? null,
      userMessageId: userMessage?.id ?? null,
      messageId: answerId,
      assistant: { id: assistant.id, name: assistant.name, slug: assistant.slug },
      title: conversation?.title ?? null,
    };
  }

  /** Prepares a turn in a stored conversation: the question and an empty answer are stored first. */
  async function storedTurn(
    user: AuthUser,
    conversation: ConversationRow,
    assistant: AssistantRow,
    plan: { question: string; store: string | null; fromPosition: number | null; language?: ChatLanguage },
    origin: string | null | undefined,
  ): Promise<ChatTurn> {
    const earlier = await repository.messages(conversation.id);
    const before =
      plan.fromPosition === null ? earlier : earlier.filter((message) => message.position < plan.fromPosition!);
    const { userMessage, answer: answerRow } = await repository.startTurn({
      conversationId: conversation.id,
      question: plan.store,
      fromPosition: plan.fromPosition,
    });
    const language = await questionLanguage(plan.question, plan.language);
    return {
      meta: metaFor(assistant, conversation, userMessage, answerRow.id),
      async run(send, signal) {
        const result = await answer({
          assistant,
          question: plan.question,
          language,
          history: history(before),
          scope: { userId: user.id, includeKnowledgeBase: conversation.knowledgeBase },
          knowledgeBase: conversation.knowledgeBase,
          web: conversation.webSearch,
          send,
          signal,
        });
        await repository.finishAnswer(answerRow.id, {
          content: result.text,
          status: result.status,
          citations: result.citations,
          errorCode: result.errorCode,
          promptTokens: result.usage.promptTokens,
          completionTokens: result.usage.completionTokens,
        });
        await quota.recordTokens({ user }, result.usage.promptTokens + result.usage.completionTokens);
        if (result.status !== 'error')
          send({ event: 'done', data: { status: result.status, usage: result.usage, remaining: null } });
        await publish(user, 'updated', conversation.id, origin);
      },
    };
  }

  async function assertCanAsk(user: AuthUser, web: boolean) {
    if (web && !webSearch) throw new AppError('WEB_SEARCH_UNAVAILABLE', 400, 'Web search is not configured');
    if (provider.kind !== 'offline') await quota.assertTokensLeft({ user });
  }

  return {
    async listConversations(user: AuthUser, query: ListConversationsQuery): Promise<ConversationSummary[]> {
      return (await repository.list(user.id, query.status, query.q || undefined, query.limit)).map(toSummary);
    },
    async recentConversations(user: AuthUser, limit = 5): Promise<ConversationSummary[]> {
      return (await repository.recent(user.id, limit)).map(toSummary);
    },
    async getConversation(user: AuthUser, id: string): Promise<ConversationDetail> {
      const conversation = await owned(user, id);
      const messages = await repository.messages(conversation.id);
      return { ...toSummary(conversation), messages: messages.map(toMessage) };
    },
    async updateConversation(user: AuthUser, id: string, input: UpdateConversationInput, origin?: string | null) {
      const before = await owned(user, id);
      const changes: UpdateConversationInput = {};
      if (input.title !== undefined) changes.title = input.title.slice(0, CONVERSATION_TITLE_MAX_LENGTH);
      if (input.status !== undefined) changes.status = input.status;
      const row = await repository.update(user.id, id, changes);
      if (!row) throw new AppError('CONVERSATION_NOT_FOUND', 404, 'Conversation not found');
      if (input.status && input.status !== before.status) {
        await publish(user, input.status === 'archived' ? 'archived' : 'activated', id, origin);
      } else {
        await publish(user, 'updated', id, origin);
      }
      return toSummary(row);
    },
    async deleteConversation(user: AuthUser, id: string, origin?: string | null): Promise<void> {
      await owned(user, id);
      if (!(await repository.delete(user.id, id)))
        throw new AppError('CONVERSATION_NOT_FOUND', 404, 'Conversation not found');
      await publish(user, 'deleted', id, origin);
    },

    /** A new conversation with its first question. Everything is checked before anything is stored. */
    async startConversation(
      user: AuthUser,
      input: StartConversationInput & { knowledgeBase: boolean; webSearch: boolean },
      origin?: string | null,
    ): Promise<ChatTurn> {
      const assistant = await assistants.get(input.assistantId);
      await assertCanAsk(user, input.webSearch);
      const conversation = await repository.create({
        userId: user.id,
        assistantId: assistant.id,
        title: titleFrom(input.content),
        knowledgeBase: input.knowledgeBase,
        webSearch: input.webSearch,
      });
      await publish(user, 'activated', conversation.id, origin);
      return storedTurn(
        user,
        conversation,
        assistant,
        { question: input.content, store: input.content, fromPosition: null, language: input.language },
        origin,
      );
    },

    /** A question in an existing conversation: a new one, an edited earlier one, or a regeneration. */
    async sendMessage(user: AuthUser, id: string, input: SendMessageInput, origin?: string | null): Promise<ChatTurn> {
      let conversation = await owned(user, id);
      if (conversation.status === 'archived')
        throw new AppError('CONVERSATION_ARCHIVED', 409, 'Reactivate the conversation to continue it');
      const assistant = await assistants.get(conversation.assistantId);
      const knowledgeBase = input.knowledgeBase ?? conversation.knowledgeBase;
      const web = input.webSearch ?? conversation.webSearch;
      await assertCanAsk(user, web);
      if (knowledgeBase !== conversation.knowledgeBase || web !== conversation.webSearch) {
        conversation = (await repository.update(user.id, id, { knowledgeBase, webSearch: web })) ?? conversation;
      }
      const messages = await repository.messages(conversation.id);

      if (input.replaceMessageId) {
        const target = messages.find((message) => message.id === input.replaceMessageId && message.role === 'user');
        if (!target) throw new AppError('MESSAGE_NOT_FOUND', 404, 'Message not found');
        const question = input.content ?? target.content;
        return storedTurn(
          user,
          conversation,
          assistant,
          { question, store: question, fromPosition: target.position, language: input.language },
          origin,
        );
      }
      if (input.regenerate || input.content === undefined) {
        const lastQuestion = messages.findLast((message) => message.role === 'user');
        if (!lastQuestion) throw new AppError('MESSAGE_NOT_FOUND', 404, 'There is no question to answer again');
        return storedTurn(
          user,
          conversation,
          assistant,
          {
            question: lastQuestion.content,
            store: null,
            fromPosition: lastQuestion.position + 1,
            language: input.language,
          },
          origin,
        );
      }
      return storedTurn(
        user,
        conversation,
        assistant,
        { question: input.content, store: input.content, fromPosition: null, language: input.language },
        origin,
      );
    },

    /** The anonymous trial: counted first (visitor and IP), nothing else stored. */
    async trialQuestion(
      visitor: Pick<AnonymousActor, 'visitorId' | 'ip'>,
      input: TrialQuestionInput,
    ): Promise<ChatTurn> {
      const assistant = await assistants.get(input.assistantId);
      const remaining = await quota.consumeTrialQuestion(visitor);
      const language = await questionLanguage(input.content, input.language);
      const knowledgeBase = input.knowledgeBase ?? true;
      return {
        meta: metaFor(assistant, null, undefined, null),
        async run(send, signal) {
          const result = await answer({
            assistant,
            question: input.content,
            language,
            history: [],
            scope: { userId: null, includeKnowledgeBase: knowledgeBase },
            knowledgeBase,
            web: false,
            send,
            signal,
          });
          if (result.status !== 'error')
            send({ event: 'done', data: { status: result.status, usage: result.usage, remaining } });
        },
      };
    },

    failInterruptedAnswers: () => repository.failInterruptedAnswers(),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
