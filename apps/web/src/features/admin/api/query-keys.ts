/** The admin users list's query (search and page). */
export interface AdminUsersQuery {
  search: string;
  page: number;
  pageSize: number;
}

/** Every query key of the admin feature, from one factory. */
export const adminQueryKeys = {
  all: ['admin'] as const,
  users: () => [...adminQueryKeys.all, 'users'] as const,
  userList: (query: AdminUsersQuery) => [...adminQueryKeys.users(), query] as const,
};
