import type { PromptCategory, UpdatePromptCategoryInput } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { categoryPath, promptQueryKeys } from '@/components/prompts/query-keys.ts';

export function updatePromptCategory({
  id,
  ...input
}: UpdatePromptCategoryInput & { id: string }): Promise<PromptCategory> {
  return api.patch(categoryPath(id), input);
}

export function useUpdatePromptCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePromptCategory,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.categories() }),
  });
}
