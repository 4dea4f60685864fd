import type { DeletePromptCategoryQuery } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { categoryPath, promptQueryKeys } from '@/components/prompts/query-keys.ts';

/** Deletes a category; its prompts move elsewhere or go with it, as the user chose. */
export function deletePromptCategory({ id, ...query }: DeletePromptCategoryQuery & { id: string }): Promise<void> {
  return api.delete(categoryPath(id), { params: query });
}

export function useDeletePromptCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePromptCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.all }),
  });
}
