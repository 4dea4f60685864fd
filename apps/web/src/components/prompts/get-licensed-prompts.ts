import type { LicensedPrompt, LicensedPromptList } from '@compliance/shared/marketplace';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { promptQueryKeys } from './query-keys.ts';

export function licensedPromptPath(id: string): string {
  return `/marketplace/licensed-prompts/${encodeURIComponent(id)}`;
}

/** The prompts bought in the marketplace: titles and placeholders (the library's "Purchased" view). */
export function useLicensedPrompts() {
  return useQuery({
    queryKey: promptQueryKeys.licensed(),
    queryFn: (): Promise<LicensedPromptList> => api.get('/marketplace/licensed-prompts'),
  });
}

/** One licensed prompt with its instructions (only its buyer may read them); `null` id: nothing to load. */
export function useLicensedPrompt(id: string | null) {
  return useQuery({
    queryKey: promptQueryKeys.licensedPrompt(id ?? ''),
    queryFn: (): Promise<LicensedPrompt> => api.get(licensedPromptPath(id ?? '')),
    enabled: id !== null,
  });
}
