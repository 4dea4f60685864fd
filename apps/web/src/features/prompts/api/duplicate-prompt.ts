import type { DuplicatePromptInput, Prompt } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptPath, promptQueryKeys } from '@/components/prompts/query-keys.ts';

export function duplicatePrompt({ id, ...input }: DuplicatePromptInput & { id: string }): Promise<Prompt> {
  return api.post(`${promptPath(id)}/duplicate`, input);
}

export function useDuplicatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicatePrompt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.all }),
  });
}
