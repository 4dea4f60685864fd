import type { UsePromptInput, UsePromptResult } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { licensedPromptPath } from './get-licensed-prompts.ts';
import { promptPath, promptQueryKeys } from './query-keys.ts';

/** Whose prompt is filled: one of the user's own, or one licensed from the marketplace. */
export type PromptSource = 'library' | 'licensed';

/** Fills the prompt in on the server (values checked there too) and counts the use. */
export function fillPromptValues(
  { id, ...input }: UsePromptInput & { id: string },
  source: PromptSource = 'library',
): Promise<UsePromptResult> {
  return api.post(`${source === 'library' ? promptPath(id) : licensedPromptPath(id)}/use`, input);
}

export function useFillPrompt(source: PromptSource = 'library') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UsePromptInput & { id: string }) => fillPromptValues(input, source),
    meta: { errorToast: false },
    // "Most used" and "last used" change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.lists() }),
  });
}
