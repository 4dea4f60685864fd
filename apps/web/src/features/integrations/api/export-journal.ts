import type { ConnectionScope } from '@compliance/shared/integrations';
import { useMutation } from '@tanstack/react-query';
import { downloadFromApi } from '@/lib/download.ts';
import { journalPaths } from './get-journal.ts';

const fileNames: Record<ConnectionScope, string> = {
  personal: 'sent-messages',
  organisation: 'integrations-journal',
  company: 'company-journal',
};

/** The whole journal as a CSV file, saved in the browser. */
export function exportJournal(scope: ConnectionScope): Promise<void> {
  return downloadFromApi(
    `${journalPaths[scope]}.csv`,
    `${fileNames[scope]}-${new Date().toISOString().slice(0, 10)}.csv`,
  );
}

export function useExportJournal() {
  return useMutation({ mutationFn: exportJournal });
}
