/** The admin users list's query (search and page). */
export interface AdminUsersQuery {
  search: string;
  page: number;
  pageSize: number;
}

/** Every query key of the admin feature, from one factory. */
export interface AuditLogQuery {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
  page: number;
  pageSize: number;
}

export const adminQueryKeys = {
  all: ['admin'] as const,
  overview: () => [...adminQueryKeys.all, 'overview'] as const,
  auditLog: (query: AuditLogQuery) => [...adminQueryKeys.all, 'audit-log', query] as const,
  users: () => [...adminQueryKeys.all, 'users'] as const,
  userList: (query: AdminUsersQuery) => [...adminQueryKeys.users(), query] as const,
};
