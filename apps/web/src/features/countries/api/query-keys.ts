/** Every query key of the countries feature, from one factory (invalidate `all` when the lists change). */
export const countriesQueryKeys = {
  all: ['countries'] as const,
  list: () => [...countriesQueryKeys.all, 'list'] as const,
  adminList: () => [...countriesQueryKeys.all, 'admin-list'] as const,
  changes: (limit: number) => [...countriesQueryKeys.all, 'changes', limit] as const,
  detail: (id: string, language: string, signedIn: boolean) =>
    [...countriesQueryKeys.all, 'detail', id.toUpperCase(), language, signedIn] as const,
};
