import type { Prompt } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptPath, promptQueryKeys } from '@/components/prompts/query-keys.ts';

/** "Restore this version": its content becomes the prompt's newest version. */
export function restorePromptVersion({ id, version }: { id: string; version: number }): Promise<Prompt> {
  return api.post(`${promptPath(id)}/versions/${version}/restore`);
}

export function useRestorePromptVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restorePromptVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.all }),
  });
}
