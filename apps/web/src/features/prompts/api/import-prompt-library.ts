import type { PromptImportResult, PromptLibraryFile } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptQueryKeys } from '@/components/prompts/query-keys.ts';

export function importPromptLibrary(file: PromptLibraryFile): Promise<PromptImportResult> {
  return api.post('/prompts/import', file);
}

export function useImportPromptLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPromptLibrary,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.all }),
  });
}
