import type { SessionList } from '@compliance/shared/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { accountQueryKeys } from './query-keys.ts';

export const getSessions = () => api.get<SessionList>('/account/sessions');
export const getSessionsQueryOptions = () =>
  queryOptions({ queryKey: accountQueryKeys.sessions(), queryFn: getSessions });
export const useSessions = () => useQuery(getSessionsQueryOptions());

export const revokeSession = (id: string) => api.delete<{ ok: true }>(`/account/sessions/${encodeURIComponent(id)}`);
export const revokeOtherSessions = () => api.post<{ revoked: number }>('/account/sessions/revoke-others');

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountQueryKeys.sessions() }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountQueryKeys.sessions() }),
  });
}
