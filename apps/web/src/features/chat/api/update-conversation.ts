import type { ConversationSummary, UpdateConversationInput } from '@compliance/shared/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { chatQueryKeys } from './query-keys.ts';

export function updateConversation({
  id,
  ...input
}: UpdateConversationInput & { id: string }): Promise<ConversationSummary> {
  return api.patch(`/chat/conversations/${encodeURIComponent(id)}`, input);
}

export function useUpdateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConversation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.all }),
  });
}
