import type { ConnectionTestResult } from '@compliance/shared/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { connectionPath, integrationQueryKeys } from '@/components/integrations/query-keys.ts';

/** Signs in to the tool again; the outcome is recorded on the connection. */
export function testConnection(id: string): Promise<ConnectionTestResult> {
  return api.post(`${connectionPath(id)}/test`);
}

export function useTestConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testConnection,
    // A Teams test posts a message, which the journal keeps.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationQueryKeys.all }),
  });
}
