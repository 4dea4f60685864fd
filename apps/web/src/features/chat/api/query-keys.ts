import type { ConversationStatus } from '@compliance/shared/chat';

/** Every query key of the chat feature, from one factory (invalidate `all` after a turn). */
export const chatQueryKeys = {
  all: ['chat'] as const,
  assistants: () => [...chatQueryKeys.all, 'assistants'] as const,
  adminAssistants: () => [...chatQueryKeys.all, 'admin-assistants'] as const,
  conversations: () => [...chatQueryKeys.all, 'conversations'] as const,
  conversationList: (status: ConversationStatus, q: string, limit: number) =>
    [...chatQueryKeys.conversations(), status, q, limit] as const,
  conversation: (id: string) => [...chatQueryKeys.all, 'conversation', id] as const,
  usage: () => [...chatQueryKeys.all, 'usage'] as const,
  trialUsage: () => [...chatQueryKeys.all, 'trial-usage'] as const,
  // Cited documents sit outside `all`: a new turn does not change them.
  citedDocument: (fileId: string) => ['chat-sources', fileId, 'content'] as const,
  citedOriginal: (fileId: string) => ['chat-sources', fileId, 'original'] as const,
};
