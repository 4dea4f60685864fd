import type { ConversationStatus, ConversationSummary } from '@compliance/shared/chat';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { chatQueryKeys } from './query-keys.ts';

export function getConversations(
  status: ConversationStatus,
  q: string,
  limit = 50,
): Promise<{ conversations: ConversationSummary[] }> {
  return api.get('/chat/conversations', { params: { status, q: q || undefined, limit } });
}

export function getConversationsQueryOptions(status: ConversationStatus, q = '', limit = 50) {
  return queryOptions({
    queryKey: chatQueryKeys.conversationList(status, q, limit),
    queryFn: () => getConversations(status, q, limit),
    placeholderData: keepPreviousData,
  });
}

export function useConversations(status: ConversationStatus, q = '', limit = 50) {
  return useQuery(getConversationsQueryOptions(status, q, limit));
}
