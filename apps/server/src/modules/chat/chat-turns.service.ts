import type { ChatLanguage, SendMessageInput, StartConversationInput, StreamMeta } from '@compliance/shared/chat';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import { questionLanguage } from '../answers/text-tools.ts';
import type { AssistantDefinition as AssistantRow, AssistantsService } from '../assistants/assistants.service.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { AnswerEngine } from './answer-engine.ts';
import type { PublishConversationEvent } from './chat-events.ts';
import { titleFrom } from './chat.mappers.ts';
import type { ChatRepository, ConversationRow, MessageRow, NewConversation } from './chat.repository.ts';
import { streamEvents, type StreamSink } from './stream-events.ts';

/** A question accepted and stored: `meta` for the stream's first event, `run` to answer it. */
export interface ChatTurn {
  meta: StreamMeta;
  run(send: StreamSink, signal: AbortSignal): Promise<void>;
}

export function metaFor(
  assistant: AssistantRow,
  conversation: ConversationRow | null,
  userMessageId: string | null,
  answerId: string | null,
  promptRun: StreamMeta['promptRun'] = null,
): StreamMeta {
  return {
    promptRun,
    conversationId: conversation?.id ?? null,
    userMessageId,
    messageId: answerId,
    assistant: { id: assistant.id, name: assistant.name, slug: assistant.slug },
    title: conversation?.title ?? null,
  };
}

function history(messages: MessageRow[]) {
  return messages
    .filter((message) => message.content && (message.status === 'complete' || message.status === 'stopped'))
    .map((message) => ({ role: message.role, content: message.content }));
}

/**
 * Asking in a stored conversation: a new conversation with its first question, a follow-up, an
 * edited earlier question or a regeneration. Everything is checked before anything is stored; the
 * answer is stored as it ends (partial and marked stopped when the client stops).
 */
export function createChatTurnsService({
  access,
  repository,
  assistants,
  quota,
  engine,
  publish,
}: {
  access: Access;
  repository: ChatRepository;
  assistants: AssistantsService;
  quota: EntitlementsService;
  engine: AnswerEngine;
  publish: PublishConversationEvent;
}) {
  /**
   * Prepares a turn: the question and an empty answer are stored first, with the conversation when
   * the question starts one.
   */
  async function storedTurn(
    caller: UserActor,
    target: { conversation: ConversationRow } | { create: NewConversation },
    assistant: AssistantRow,
    plan: {
      question: string;
      store: string | null;
      fromPosition: number | null;
      language?: ChatLanguage;
      /** The prompt run the question was filled from (kept only when it is the caller's). */
      promptRunId?: string | undefined;
    },
    origin: string | null | undefined,
  ): Promise<ChatTurn> {
    // A new conversation has no earlier messages to read.
    const earlier = 'create' in target ? [] : await repository.messages(target.conversation.id);
    const before =
      plan.fromPosition === null ? earlier : earlier.filter((message) => message.position < plan.fromPosition!);
    const promptRunId =
      plan.promptRunId && plan.store !== null && (await repository.ownsPromptRun(caller.user.id, plan.promptRunId))
        ? plan.promptRunId
        : null;
    let conversation: ConversationRow;
    let userMessageId: string | null;
    let answerId: string;
    if ('create' in target) {
      ({ conversation, userMessageId, answerId } = await repository.startConversation(target.create, {
        question: plan.question,
        promptRunId,
      }));
      await publish(caller.user.id, 'activated', conversation.id, origin);
    } else {
      conversation = target.conversation;
      const stored = await repository.startTurn({
        conversationId: conversation.id,
        question: plan.store,
        fromPosition: plan.fromPosition,
        promptRunId,
      });
      userMessageId = stored.userMessage?.id ?? null;
      answerId = stored.answer.id;
    }
    const language = await questionLanguage(plan.question, plan.language);
    const promptRun = promptRunId ? ((await repository.promptRuns([promptRunId])).get(promptRunId) ?? null) : null;
    // The documents chosen for the prompt's `document` placeholders: the answer draws on them first.
    const documentIds = promptRunId ? await repository.promptRunDocuments(promptRunId) : [];
    return {
      meta: metaFor(assistant, conversation, userMessageId, answerId, promptRun),
      async run(send, signal) {
        const result = await engine.answer({
          actor: caller,
          assistant,
          question: plan.question,
          language,
          history: history(before),
          scope: { userId: caller.user.id, includeKnowledgeBase: conversation.knowledgeBase },
          documentIds,
          knowledgeBase: conversation.knowledgeBase,
          web: conversation.webSearch,
          send,
          signal,
        });
        await repository.finishAnswer(answerId, {
          content: result.text,
          status: result.status,
          citations: result.citations,
          errorCode: result.errorCode,
          promptTokens: result.usage.promptTokens,
          completionTokens: result.usage.completionTokens,
        });
        await quota.recordTokens(caller, result.usage.promptTokens + result.usage.completionTokens, {
          action: 'chat.answer',
          reference: conversation.id,
        });
        if (result.status !== 'error') {
          send(streamEvents.done({ status: result.status, usage: result.usage, remaining: null }));
        }
        await publish(caller.user.id, 'updated', conversation.id, origin);
      },
    };
  }

  async function assertCanAsk(caller: UserActor, web: boolean) {
    if (web && !engine.webSearchAvailable) {
      throw new AppError('WEB_SEARCH_UNAVAILABLE', 400, 'Web search is not configured');
    }
    if (engine.providerKind !== 'offline') await quota.assertTokensLeft(caller);
  }

  return {
    /** A new conversation with its first question. */
    async startConversation(
      actor: Actor,
      {
        origin,
        ...input
      }: StartConversationInput & { knowledgeBase: boolean; webSearch: boolean; origin?: string | null },
    ): Promise<ChatTurn> {
      const caller = await access.require(actor, 'conversation.create');
      const assistant = await assistants.forAnswering(input.assistantId);
      await assertCanAsk(caller, input.webSearch);
      return storedTurn(
        caller,
        {
          create: {
            userId: caller.user.id,
            assistantId: assistant.id,
            title: titleFrom(input.content),
            knowledgeBase: input.knowledgeBase,
            webSearch: input.webSearch,
          },
        },
        assistant,
        {
          question: input.content,
          store: input.content,
          fromPosition: null,
          language: input.language,
          promptRunId: input.promptRunId,
        },
        origin,
      );
    },

    /** A question in an existing conversation: a new one, an edited earlier one, or a regeneration. */
    async sendMessage(
      actor: Actor,
      { id, origin, ...input }: SendMessageInput & { id: string; origin?: string | null },
    ): Promise<ChatTurn> {
      const caller = await access.require(actor, 'conversation.update', { type: 'conversation', id });
      let conversation = await repository.findOwned(caller.user.id, id);
      if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND', 404, 'Conversation not found');
      if (conversation.status === 'archived') {
        throw new AppError('CONVERSATION_ARCHIVED', 409, 'Reactivate the conversation to continue it');
      }
      const assistant = await assistants.forAnswering(conversation.assistantId);
      const knowledgeBase = input.knowledgeBase ?? conversation.knowledgeBase;
      const web = input.webSearch ?? conversation.webSearch;
      await assertCanAsk(caller, web);
      if (knowledgeBase !== conversation.knowledgeBase || web !== conversation.webSearch) {
        conversation = (await repository.update(caller.user.id, id, { knowledgeBase, webSearch: web })) ?? conversation;
      }
      const messages = await repository.messages(conversation.id);

      if (input.replaceMessageId) {
        const target = messages.find((message) => message.id === input.replaceMessageId && message.role === 'user');
        if (!target) throw new AppError('MESSAGE_NOT_FOUND', 404, 'Message not found');
        const question = input.content ?? target.content;
        return storedTurn(
          caller,
          { conversation },
          assistant,
          { question, store: question, fromPosition: target.position, language: input.language },
          origin,
        );
      }
      if (input.regenerate || input.content === undefined) {
        const lastQuestion = messages.findLast((message) => message.role === 'user');
        if (!lastQuestion) throw new AppError('MESSAGE_NOT_FOUND', 404, 'There is no question to answer again');
        return storedTurn(
          caller,
          { conversation },
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
        caller,
        { conversation },
        assistant,
        {
          question: input.content,
          store: input.content,
          fromPosition: null,
          language: input.language,
          promptRunId: input.promptRunId,
        },
        origin,
      );
    },
  };
}
