import type { PromptLibraryFile } from '@compliance/shared/prompts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { saveBlob } from '@/lib/download.ts';

export function exportPromptLibrary(): Promise<PromptLibraryFile> {
  return api.get('/prompts/export');
}

/** Fetches the whole library and saves it as a JSON file in the browser. */
export function useExportPromptLibrary() {
  return useMutation({
    mutationFn: async () => {
      const file = await exportPromptLibrary();
      saveBlob(
        new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }),
        `prompt-library-${new Date().toISOString().slice(0, 10)}.json`,
      );
      return file;
    },
  });
}
