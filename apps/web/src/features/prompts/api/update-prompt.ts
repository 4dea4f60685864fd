import type { Prompt, UpdatePromptInput } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptPath, promptQueryKeys } from '@/components/prompts/query-keys.ts';

/** Favourite, or move to another category (no new version). */
export function updatePrompt({ id, ...input }: UpdatePromptInput & { id: string }): Promise<Prompt> {
  return api.patch(promptPath(id), input);
}

export function useUpdatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrompt,
    onSettled: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.all }),
  });
}
