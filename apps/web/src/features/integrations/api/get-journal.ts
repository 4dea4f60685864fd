import type { ConnectionScope, JournalPage } from '@compliance/shared/integrations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { integrationQueryKeys } from '@/components/integrations/query-keys.ts';

/** Where each journal is read: the user's own messages, (admins) everyone's, or (company admins) their company's. */
export const journalPaths: Record<ConnectionScope, string> = {
  personal: '/integrations/journal',
  organisation: '/admin/integrations/journal',
  company: '/company/integrations/journal',
};

export function getJournal(scope: ConnectionScope, page: number): Promise<JournalPage> {
  return api.get(journalPaths[scope], { params: { page } });
}

export function getJournalQueryOptions(scope: ConnectionScope, page: number) {
  return queryOptions({
    queryKey: integrationQueryKeys.journal(scope, page),
    queryFn: () => getJournal(scope, page),
    // Turning the page keeps the last one on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

/** What was sent out through connections, newest first, a page at a time. */
export function useJournal(scope: ConnectionScope, page: number) {
  return useQuery(getJournalQueryOptions(scope, page));
}
