import type { AdminUpdateUserInput, AdminUser, AdminUserList } from '@compliance/shared/account';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminQueryKeys, type AdminUsersQuery } from './query-keys.ts';

export type { AdminUsersQuery } from './query-keys.ts';

export const getAdminUsers = (query: AdminUsersQuery) =>
  api.get<AdminUserList>('/admin/users', { params: { ...query, search: query.search || undefined } });

export const getAdminUsersQueryOptions = (query: AdminUsersQuery) =>
  queryOptions({
    queryKey: adminQueryKeys.userList(query),
    queryFn: () => getAdminUsers(query),
    placeholderData: keepPreviousData,
    retry: false,
    meta: { errorToast: false },
  });

export const useAdminUsers = (query: AdminUsersQuery) => useQuery(getAdminUsersQueryOptions(query));

export const updateAdminUser = ({ id, ...input }: AdminUpdateUserInput & { id: string }) =>
  api.patch<AdminUser>(`/admin/users/${encodeURIComponent(id)}`, input);

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.users() }),
  });
}

export const deleteAdminUser = (id: string) => api.delete<{ ok: true }>(`/admin/users/${encodeURIComponent(id)}`);

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.users() }),
  });
}
