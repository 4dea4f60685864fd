import type { UsePromptInput, UsePromptResult } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptPath, promptQueryKeys } from './query-keys.ts';

/** Fills the prompt in on the server (values checked there too) and counts the use. */
export function fillPromptValues({ id, ...input }: UsePromptInput & { id: string }): Promise<UsePromptResult> {
  return api.post(`${promptPath(id)}/use`, input);
}

export function useFillPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fillPromptValues,
    meta: { errorToast: false },
    // "Most used" and "last used" change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.lists() }),
  });
}
