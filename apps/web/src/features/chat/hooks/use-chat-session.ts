import type { StreamEvent, StreamMeta } from '@compliance/shared/chat';
import { VISITOR_ID_HEADER } from '@compliance/shared/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { chatQueryKeys } from '../api/query-keys.ts';
import { streamAnswer, StreamFailureError } from '../api/stream-answer.ts';
import { chatMessagesReducer, type ChatRequest, type FailureKind, type UiMessage } from '../utils/chat-messages.ts';
import { getVisitorId } from '../utils/visitor-id.ts';

export type { FailureKind, UiMessage } from '../utils/chat-messages.ts';
export { toUiMessages } from '../utils/chat-messages.ts';

export interface AskOptions {
  assistantId: string;
  knowledgeBase: boolean;
  webSearch: boolean;
  language: string;
  /** The question was filled from a prompt of the library: its run (version and values). */
  promptRunId?: string | undefined;
}

/** Refusals the user can act on (shown with their own message); others read as a failed start or connection. */
const actionableRefusals = new Set([
  'SERVER_RESTARTING',
  'DAILY_QUERY_LIMIT',
  'TOKEN_QUOTA_EXCEEDED',
  'ASSISTANT_REQUIRED',
  'WEB_SEARCH_UNAVAILABLE',
  'CONVERSATION_ARCHIVED',
  'CONVERSATION_NOT_FOUND',
  'RATE_LIMITED',
  'VALIDATION_FAILED',
]);

let localIds = 0;
const localId = () => `local-${(localIds += 1)}`;

/** Where a turn is sent and with what body. */
function endpointFor(request: ChatRequest, conversation: string | null, options: AskOptions) {
  const common = { knowledgeBase: options.knowledgeBase, language: options.language };
  const question = 'question' in request ? request.question : null;
  if (request.type === 'trial') {
    return {
      path: '/chat/trial',
      body: { assistantId: options.assistantId, content: request.question, ...common },
      headers: { [VISITOR_ID_HEADER]: getVisitorId() },
      starts: false,
    };
  }
  const run = options.promptRunId ? { promptRunId: options.promptRunId } : {};
  if (request.type === 'start' || !conversation) {
    return {
      path: '/chat/conversations',
      body: {
        assistantId: options.assistantId,
        content: question ?? '',
        webSearch: options.webSearch,
        ...common,
        ...run,
      },
      starts: true,
    };
  }
  const body: Record<string, unknown> = { webSearch: options.webSearch, ...common };
  if (request.type === 'send') Object.assign(body, { content: request.question, ...run });
  if (request.type === 'edit') Object.assign(body, { content: request.question, replaceMessageId: request.messageId });
  if (request.type === 'regenerate') body.regenerate = true;
  return { path: `/chat/conversations/${encodeURIComponent(conversation)}/messages`, body, starts: false };
}

/**
 * The client side of a conversation: the messages (owned by `chatMessagesReducer`), the running
 * stream (stop, retry), edit and regenerate. `mode: 'trial'` asks the anonymous endpoint and keeps
 * the conversation in memory.
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
  const [messages, dispatch] = useReducer(chatMessagesReducer, []);
  const [streaming, setStreaming] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const lastRequest = useRef<{ request: ChatRequest; options: AskOptions } | null>(null);
  const conversationRef = useRef(conversationId);
  useEffect(() => {
    conversationRef.current = conversationId;
  }, [conversationId]);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback(
    async (request: ChatRequest, options: AskOptions) => {
      lastRequest.current = { request, options };
      const controller = new AbortController();
      controllerRef.current = controller;
      let answerId = localId();
      dispatch({ type: 'requested', request, answerId, questionId: localId() });
      setStreaming(true);

      const { path, body, headers, starts } = endpointFor(request, conversationRef.current, options);
      let started = false;
      const onEvent = (event: StreamEvent) => {
        switch (event.event) {
          case 'meta': {
            started = true;
            const { messageId, userMessageId, conversationId: startedId, promptRun } = event.data;
            dispatch({ type: 'identified', answerId, messageId, userMessageId, promptRun });
            if (messageId) answerId = messageId;
            if (starts && startedId) {
              conversationRef.current = startedId;
              onConversationStarted?.(event.data);
            }
            return;
          }
          case 'delta':
            dispatch({ type: 'delta', answerId, text: event.data.text });
            return;
          case 'citation':
            dispatch({ type: 'citation', answerId, citation: event.data });
            return;
          case 'done':
            dispatch({ type: 'done', answerId, status: event.data.status });
            if (request.type === 'trial') onTrialDone?.(event.data.remaining);
            return;
          case 'error':
            // The stream reader turns error events into failures; nothing to show here.
            return;
        }
      };

      try {
        const outcome = await streamAnswer({ path, body, headers, signal: controller.signal, onEvent });
        if (outcome === 'aborted') dispatch({ type: 'stopped', answerId });
      } catch (error) {
        const failure = error instanceof StreamFailureError ? error.failure : ({ kind: 'stream' } as const);
        let kind: FailureKind = failure.kind;
        let code: string | undefined;
        if (failure.kind === 'rejected') {
          code = failure.error.code;
          kind = actionableRefusals.has(code) ? 'rejected' : starts ? 'start' : 'connection';
        }
        // Before the stream started, a retry repeats the request; afterwards it answers the question again.
        if (started && request.type !== 'trial') lastRequest.current = { request: { type: 'regenerate' }, options };
        dispatch({ type: 'failed', answerId, failure: { kind, code } });
        if (request.type === 'trial' && code === 'DAILY_QUERY_LIMIT') onTrialDone?.(0);
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        setStreaming(false);
        if (mode === 'account') void queryClient.invalidateQueries({ queryKey: chatQueryKeys.all });
      }
    },
    [mode, onConversationStarted, onTrialDone, queryClient],
  );

  return {
    messages,
    /** Shows a stored conversation (or none). */
    load: useCallback((loaded: UiMessage[]) => dispatch({ type: 'loaded', messages: loaded }), []),
    clear: useCallback(() => dispatch({ type: 'cleared' }), []),
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
