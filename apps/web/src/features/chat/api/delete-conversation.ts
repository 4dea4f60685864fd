import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function deleteConversation(id: string): Promise<void> {
  return api.delete(`/chat/conversations/${encodeURIComponent(id)}`);
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: ['chat', 'conversation', id] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] }),
  });
}
