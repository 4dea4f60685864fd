import type { Prompt } from '@compliance/shared/prompts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptPath, promptQueryKeys } from './query-keys.ts';

export function getPrompt(id: string): Promise<Prompt> {
  return api.get(promptPath(id));
}

export function getPromptQueryOptions(id: string) {
  return queryOptions({ queryKey: promptQueryKeys.prompt(id), queryFn: () => getPrompt(id) });
}

/** The full prompt (instructions and placeholders); `null` id: nothing to load. */
export function usePrompt(id: string | null) {
  return useQuery({ ...getPromptQueryOptions(id ?? ''), enabled: id !== null });
}
