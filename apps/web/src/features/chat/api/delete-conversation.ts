import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { chatQueryKeys } from './query-keys.ts';

export function deleteConversation(id: string): Promise<void> {
  return api.delete(`/chat/conversations/${encodeURIComponent(id)}`);
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: chatQueryKeys.conversation(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.conversations() }),
  });
}
