import type { PromptCategory, PromptCategoryInput } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptQueryKeys } from '@/components/prompts/query-keys.ts';

export function createPromptCategory(input: PromptCategoryInput): Promise<PromptCategory> {
  return api.post('/prompt-categories', input);
}

export function useCreatePromptCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromptCategory,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.categories() }),
  });
}
