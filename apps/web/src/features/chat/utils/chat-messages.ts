import type { ChatMessage, Citation } from '@compliance/shared/chat';
import { failureKindOf, type StreamFailure } from '../api/stream-answer.ts';

export type FailureKind = StreamFailure['kind'] | 'start';

/** A message as the conversation shows it: stored ones, and the local ones of the running turn. */
export interface UiMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  citations: Citation[];
  status: ChatMessage['status'];
  failure?: { kind: FailureKind; code?: string };
  /** A question filled from a prompt: the prompt, its version and values. */
  promptRun?: ChatMessage['promptRun'];
}

/** What the user asked for in a turn. */
export type ChatRequest =
  | { type: 'start'; question: string }
  | { type: 'send'; question: string }
  | { type: 'edit'; question: string; messageId: string }
  | { type: 'regenerate' }
  | { type: 'trial'; question: string };

/**
 * Everything that changes the messages, in one place: the view never edits the list itself.
 * `answerId` is the local id of the answer a turn streams into (until the server names it).
 */
export type ChatAction =
  | { type: 'loaded'; messages: UiMessage[] }
  | { type: 'cleared' }
  | { type: 'requested'; request: ChatRequest; answerId: string; questionId: string }
  | {
      type: 'identified';
      answerId: string;
      messageId: string | null;
      userMessageId: string | null;
      promptRun?: ChatMessage['promptRun'];
    }
  | { type: 'delta'; answerId: string; text: string }
  | { type: 'citation'; answerId: string; citation: Citation }
  | { type: 'done'; answerId: string; status: 'complete' | 'stopped' }
  | { type: 'stopped'; answerId: string }
  | { type: 'failed'; answerId: string; failure: NonNullable<UiMessage['failure']> };

export function toUiMessages(messages: ChatMessage[]): UiMessage[] {
  return messages.map((message) => ({
    id: message.id,
    role: message.role,
    content: message.content,
    citations: message.citations,
    status: message.status,
    promptRun: message.promptRun ?? null,
    failure:
      message.status === 'error'
        ? {
            kind: failureKindOf(message.errorCode),
            code: message.errorCode ?? undefined,
          }
        : undefined,
  }));
}

function questionOf(request: ChatRequest): string | null {
  return 'question' in request ? request.question : null;
}

/** The messages a new turn starts from: a failed last answer goes; an edit or a regeneration cuts. */
function baseFor(messages: UiMessage[], request: ChatRequest): UiMessage[] {
  const last = messages.at(-1);
  let base = last?.role === 'assistant' && last.failure ? messages.slice(0, -1) : messages;
  if (request.type === 'edit') {
    const index = base.findIndex((message) => message.id === request.messageId);
    if (index !== -1) base = base.slice(0, index);
  }
  if (request.type === 'regenerate') base = base.slice(0, base.findLastIndex((message) => message.role === 'user') + 1);
  return base;
}

function updateAnswer(messages: UiMessage[], id: string, change: (message: UiMessage) => UiMessage): UiMessage[] {
  return messages.map((message) => (message.id === id ? change(message) : message));
}

export function chatMessagesReducer(messages: UiMessage[], action: ChatAction): UiMessage[] {
  switch (action.type) {
    case 'loaded':
      return action.messages;
    case 'cleared':
      return [];
    case 'requested': {
      const base = baseFor(messages, action.request);
      const question = questionOf(action.request);
      const last = base.at(-1);
      // A retry after a failed start keeps the question that is already shown.
      const repeat = action.request.type !== 'edit' && last?.role === 'user' && last.content === question;
      const asked: UiMessage[] =
        question !== null && !repeat
          ? [{ id: action.questionId, role: 'user', content: question, citations: [], status: 'complete' }]
          : [];
      return [
        ...base,
        ...asked,
        { id: action.answerId, role: 'assistant', content: '', citations: [], status: 'streaming' },
      ];
    }
    case 'identified': {
      // The server's ids replace the local ones, so edit and regenerate can name the messages.
      const questionIndex = messages.findLastIndex((message) => message.role === 'user');
      return messages.map((message, index) => {
        if (message.id === action.answerId && action.messageId) return { ...message, id: action.messageId };
        if (index === questionIndex && action.userMessageId) {
          return { ...message, id: action.userMessageId, ...(action.promptRun ? { promptRun: action.promptRun } : {}) };
        }
        return message;
      });
    }
    case 'delta':
      return updateAnswer(messages, action.answerId, (message) => ({
        ...message,
        content: message.content + action.text,
      }));
    case 'citation':
      return updateAnswer(messages, action.answerId, (message) => ({
        ...message,
        citations: [...message.citations, action.citation],
      }));
    case 'done':
      return updateAnswer(messages, action.answerId, (message) => ({ ...message, status: action.status }));
    case 'stopped':
      return updateAnswer(messages, action.answerId, (message) =>
        message.status === 'streaming' ? { ...message, status: 'stopped' } : message,
      );
    case 'failed':
      return updateAnswer(messages, action.answerId, (message) => ({
        ...message,
        status: 'error',
        failure: action.failure,
      }));
  }
}
