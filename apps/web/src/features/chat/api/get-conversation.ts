import type { ConversationDetail } from '@compliance/shared/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { chatQueryKeys } from './query-keys.ts';

export function getConversation(id: string): Promise<ConversationDetail> {
  return api.get(`/chat/conversations/${encodeURIComponent(id)}`);
}

export function getConversationQueryOptions(id: string) {
  return queryOptions({ queryKey: chatQueryKeys.conversation(id), queryFn: () => getConversation(id) });
}

export function useConversation(id: string | null) {
  return useQuery({ ...getConversationQueryOptions(id ?? ''), enabled: Boolean(id) });
}
