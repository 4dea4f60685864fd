import type { ChatMessage, Citation, StreamEvent, StreamMeta } from '@compliance/shared/chat';
import { VISITOR_ID_HEADER } from '@compliance/shared/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { streamAnswer, StreamFailureError, type StreamFailure } from '../api/stream-answer.ts';
import { getVisitorId } from '../utils/visitor-id.ts';

export type FailureKind = StreamFailure['kind'] | 'start';

export interface UiMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  citations: Citation[];
  status: ChatMessage['status'];
  failure?: { kind: FailureKind; code?: string };
}

export interface AskOptions {
  assistantId: string;
  knowledgeBase: boolean;
  webSearch: boolean;
  language: string;
}

type Request =
  | { type: 'start'; question: string }
  | { type: 'send'; question: string }
  | { type: 'edit'; question: string; messageId: string }
  | { type: 'regenerate' }
  | { type: 'trial'; question: string };

let localIds = 0;
const localId = () => `local-${(localIds += 1)}`;

export function toUiMessages(messages: ChatMessage[]): UiMessage[] {
  return messages.map((message) => ({
    id: message.id,
    role: message.role,
    content: message.content,
    citations: message.citations,
    status: message.status,
    failure:
      message.status === 'error'
        ? {
            kind: message.errorCode === 'ASSISTANT_ERROR' ? 'assistant' : 'stream',
            code: message.errorCode ?? undefined,
          }
        : undefined,
  }));
}

/**
 * The client side of a conversation: messages, the running stream (stop, retry), edit and
 * regenerate. `mode: 'trial'` asks the anonymous endpoint and keeps the conversation in memory.
 */
export function useChatSession({
  mode,
  conversationId,
  onConversationStarted,
  onTrialDone,
}: {
  mode: 'account' | 'trial';
  conversationId: string | null;
  onConversationStarted?: (meta: StreamMeta) => void;
  onTrialDone?: (remaining: number | null) => void;
}) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [streaming, setStreaming] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const lastRequest = useRef<{ request: Request; options: AskOptions } | null>(null);
  const conversationRef = useRef(conversationId);
  useEffect(() => {
    conversationRef.current = conversationId;
  }, [conversationId]);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const updateAnswer = useCallback((id: string, change: (message: UiMessage) => UiMessage) => {
    setMessages((current) => current.map((message) => (message.id === id ? change(message) : message)));
  }, []);

  const run = useCallback(
    async (request: Request, options: AskOptions) => {
      lastRequest.current = { request, options };
      const controller = new AbortController();
      controllerRef.current = controller;
      const answerId = localId();
      const question = 'question' in request ? request.question : null;
      const conversation = conversationRef.current;

      setMessages((current) => {
        let base = current.filter(
          (message) => !(message.role === 'assistant' && message.failure && message === current.at(-1)),
        );
        if (request.type === 'edit') {
          const index = base.findIndex((message) => message.id === request.messageId);
          base = index === -1 ? base : base.slice(0, index);
        }
        if (request.type === 'regenerate') {
          const lastQuestion = base.findLastIndex((message) => message.role === 'user');
          base = base.slice(0, lastQuestion + 1);
        }
        const lastMessage = base.at(-1);
        // A retry after a failed start keeps the question that is already shown.
        const repeat = request.type !== 'edit' && lastMessage?.role === 'user' && lastMessage.content === question;
        const additions: UiMessage[] =
          question !== null && !repeat
            ? [{ id: localId(), role: 'user', content: question, citations: [], status: 'complete' }]
            : [];
        return [
          ...base,
          ...additions,
          { id: answerId, role: 'assistant', content: '', citations: [], status: 'streaming' },
        ];
      });
      setStreaming(true);

      const common = { knowledgeBase: options.knowledgeBase, language: options.language };
      let path: string;
      let body: Record<string, unknown>;
      let headers: Record<string, string> | undefined;
      if (request.type === 'trial') {
        path = '/chat/trial';
        body = { assistantId: options.assistantId, content: request.question, ...common };
        headers = { [VISITOR_ID_HEADER]: getVisitorId() };
      } else if (request.type === 'start' || !conversation) {
        path = '/chat/conversations';
        body = { assistantId: options.assistantId, content: question ?? '', webSearch: options.webSearch, ...common };
      } else {
        path = `/chat/conversations/${encodeURIComponent(conversation)}/messages`;
        body = { webSearch: options.webSearch, ...common };
        if (request.type === 'send') body.content = request.question;
        if (request.type === 'edit')
          Object.assign(body, { content: request.question, replaceMessageId: request.messageId });
        if (request.type === 'regenerate') body.regenerate = true;
      }
      const isStart = path === '/chat/conversations';
      let started = false;

      const answerIdRef = { current: null as string | null };
      const onEvent = (event: StreamEvent) => {
        if (event.event === 'meta') {
          started = true;
          if (event.data.messageId) {
            const serverId = event.data.messageId;
            setMessages((current) =>
              current.map((message) => {
                if (message.id === answerId) return { ...message, id: serverId };
                return message;
              }),
            );
            answerIdRef.current = serverId;
          }
          if (event.data.userMessageId) {
            const userId = event.data.userMessageId;
            setMessages((current) => {
              const index = current.findLastIndex((message) => message.role === 'user');
              return current.map((message, position) => (position === index ? { ...message, id: userId } : message));
            });
          }
          if (isStart && event.data.conversationId) {
            conversationRef.current = event.data.conversationId;
            onConversationStarted?.(event.data);
          }
          return;
        }
        const id = answerIdRef.current ?? answerId;
        if (event.event === 'delta')
          updateAnswer(id, (message) => ({ ...message, content: message.content + event.data.text }));
        if (event.event === 'citation')
          updateAnswer(id, (message) => ({ ...message, citations: [...message.citations, event.data] }));
        if (event.event === 'done') {
          updateAnswer(id, (message) => ({ ...message, status: event.data.status }));
          if (request.type === 'trial') onTrialDone?.(event.data.remaining);
        }
      };

      try {
        const outcome = await streamAnswer({ path, body, headers, signal: controller.signal, onEvent });
        if (outcome === 'aborted') {
          updateAnswer(answerIdRef.current ?? answerId, (message) => ({ ...message, status: 'stopped' }));
        }
      } catch (error) {
        const failure = error instanceof StreamFailureError ? error.failure : ({ kind: 'stream' } as const);
        let kind: FailureKind = failure.kind;
        let code: string | undefined;
        if (failure.kind === 'rejected') {
          code = failure.error.code;
          const specific = [
            'DAILY_QUERY_LIMIT',
            'TOKEN_QUOTA_EXCEEDED',
            'ASSISTANT_REQUIRED',
            'WEB_SEARCH_UNAVAILABLE',
            'CONVERSATION_ARCHIVED',
            'CONVERSATION_NOT_FOUND',
            'RATE_LIMITED',
            'VALIDATION_FAILED',
          ];
          kind = specific.includes(code) ? 'rejected' : isStart ? 'start' : 'connection';
        }
        // Before the stream started, a retry repeats the request; afterwards it answers the question again.
        if (started && request.type !== 'trial') lastRequest.current = { request: { type: 'regenerate' }, options };
        updateAnswer(answerIdRef.current ?? answerId, (message) => ({
          ...message,
          status: 'error',
          failure: { kind, code },
        }));
        if (request.type === 'trial' && code === 'DAILY_QUERY_LIMIT') onTrialDone?.(0);
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        setStreaming(false);
        if (mode === 'account') void queryClient.invalidateQueries({ queryKey: ['chat'] });
      }
    },
    [mode, onConversationStarted, onTrialDone, queryClient, updateAnswer],
  );

  return {
    messages,
    setMessages,
    streaming,
    ask: (question: string, options: AskOptions) =>
      run(
        mode === 'trial'
          ? { type: 'trial', question }
          : conversationRef.current
            ? { type: 'send', question }
            : { type: 'start', question },
        options,
      ),
    edit: (messageId: string, question: string, options: AskOptions) =>
      run({ type: 'edit', messageId, question }, options),
    regenerate: (options: AskOptions) => run({ type: 'regenerate' }, options),
    retry: () => {
      if (lastRequest.current) void run(lastRequest.current.request, lastRequest.current.options);
    },
    stop: () => controllerRef.current?.abort(),
  };
}
