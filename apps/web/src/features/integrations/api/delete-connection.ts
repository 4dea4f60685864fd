import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { connectionPath, integrationQueryKeys } from '@/components/integrations/query-keys.ts';

/** Revokes a connection: its secret is gone at once; files it synced stay in the library. */
export function deleteConnection(id: string): Promise<void> {
  return api.delete(connectionPath(id));
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationQueryKeys.lists() }),
  });
}
