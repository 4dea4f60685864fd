import type { JournalEntry, ShareAnswerInput } from '@compliance/shared/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { connectionPath, integrationQueryKeys } from './query-keys.ts';

export function shareAnswer({
  connectionId,
  ...input
}: ShareAnswerInput & { connectionId: string }): Promise<JournalEntry> {
  return api.post(`${connectionPath(connectionId)}/share`, input);
}

export function useShareAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareAnswer,
    // The dialog shows the failure itself.
    meta: { errorToast: false },
    // The journal has a new line; a failure may have changed the connection's status.
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationQueryKeys.all }),
  });
}
