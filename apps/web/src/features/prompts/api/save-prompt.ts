import type { Prompt, PromptInput } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptPath, promptQueryKeys } from '@/components/prompts/query-keys.ts';

/** Saves the editor's content; a change becomes a new version on the server. */
export function savePrompt({ id, ...input }: PromptInput & { id: string }): Promise<Prompt> {
  return api.put(promptPath(id), input);
}

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrompt,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.all }),
  });
}
