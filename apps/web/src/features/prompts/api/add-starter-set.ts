import type { Locale } from '@compliance/shared/locales';
import type { PromptImportResult } from '@compliance/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptQueryKeys } from '@/components/prompts/query-keys.ts';

/** Adds the starter set of compliance prompts in a language (prompts already held are skipped). */
export function useAddStarterSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Locale): Promise<PromptImportResult> => api.post('/prompts/starter-set', { language }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptQueryKeys.all }),
  });
}
