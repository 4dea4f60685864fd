import type { AdminAssistant, UpdateAssistantInput } from '@compliance/shared/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { chatQueryKeys } from './query-keys.ts';
import { getAssistantsQueryOptions } from './get-assistants.ts';

export function updateAssistant({ id, ...input }: UpdateAssistantInput & { id: string }): Promise<AdminAssistant> {
  return api.patch<AdminAssistant>(`/admin/assistants/${encodeURIComponent(id)}`, input);
}

/** Admin: edit an assistant; the admin list gets the saved version and the chat's picker refreshes. */
export function useUpdateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssistant,
    onSuccess: (saved) => {
      queryClient.setQueryData<AdminAssistant[]>(chatQueryKeys.adminAssistants(), (list) =>
        list?.map((assistant) => (assistant.id === saved.id ? saved : assistant)),
      );
      void queryClient.invalidateQueries({ queryKey: getAssistantsQueryOptions().queryKey });
    },
  });
}
