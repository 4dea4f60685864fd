import type { PromptCategoriesResponse } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptQueryKeys } from '@/components/prompts/query-keys.ts';

export function reorderPromptCategories(ids: string[]): Promise<PromptCategoriesResponse> {
  return api.put('/prompt-categories/order', { ids });
}

/** Shows the new order at once; the server's answer (or a reload after a failure) settles it. */
export function useReorderPromptCategories() {
  const queryClient = useQueryClient();
  const key = promptQueryKeys.categories();
  return useMutation({
    mutationFn: reorderPromptCategories,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PromptCategoriesResponse>(key);
      if (previous) {
        const byId = new Map(previous.categories.map((category) => [category.id, category]));
        const categories = ids.flatMap((id, position) => {
          const category = byId.get(id);
          return category ? [{ ...category, position }] : [];
        });
        queryClient.setQueryData<PromptCategoriesResponse>(key, { ...previous, categories });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(key, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
