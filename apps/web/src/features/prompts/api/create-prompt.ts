import type { Prompt, PromptInput } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptQueryKeys } from '@/components/prompts/query-keys.ts';

export function createPrompt(input: PromptInput): Promise<Prompt> {
  return api.post('/prompts', input);
}

export function useCreatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrompt,
    // The editor shows the failure on its fields.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.all }),
  });
}
