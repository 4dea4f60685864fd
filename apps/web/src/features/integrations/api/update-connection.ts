import type { Connection, UpdateConnectionInput } from '@compliance/shared/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { connectionPath, integrationQueryKeys } from '@/components/integrations/query-keys.ts';

/** Renames a connection or changes its settings; an empty or missing secret keeps the stored one. */
export function updateConnection({ id, ...input }: UpdateConnectionInput & { id: string }): Promise<Connection> {
  return api.patch(connectionPath(id), input);
}

export function useUpdateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConnection,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationQueryKeys.lists() }),
  });
}
