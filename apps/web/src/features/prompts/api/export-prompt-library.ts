import type { PromptLibraryFile } from '@compliance/shared/prompts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function exportPromptLibrary(): Promise<PromptLibraryFile> {
  return api.get('/prompts/export');
}

/** Fetches the whole library and saves it as a JSON file in the browser. */
export function useExportPromptLibrary() {
  return useMutation({
    mutationFn: async () => {
      const file = await exportPromptLibrary();
      const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `prompt-library-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      // Let the download start before the URL goes away.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return file;
    },
  });
}
