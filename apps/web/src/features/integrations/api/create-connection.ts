import type { Connection, CreateConnectionInput } from '@compliance/shared/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { integrationQueryKeys } from '@/components/integrations/query-keys.ts';

/** Connects a tool; the server tests it at once and answers with the outcome on the connection. */
export function createConnection(input: CreateConnectionInput): Promise<Connection> {
  return api.post('/integrations', input);
}

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConnection,
    // The dialog shows the failure on its fields.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationQueryKeys.lists() }),
  });
}
