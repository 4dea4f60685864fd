import type { ConnectionScope } from '@compliance/shared/integrations';

/**
 * Every query key of the integrations, from one factory: the settings screens and the chat's share
 * dialog read the same connections and journal, so a change anywhere refreshes them everywhere.
 */
export const integrationQueryKeys = {
  all: ['integrations'] as const,
  lists: () => [...integrationQueryKeys.all, 'list'] as const,
  list: (scope: ConnectionScope) => [...integrationQueryKeys.lists(), scope] as const,
  shareTargets: () => [...integrationQueryKeys.lists(), 'share-targets'] as const,
  runs: (id: string) => [...integrationQueryKeys.all, 'runs', id] as const,
  journals: () => [...integrationQueryKeys.all, 'journal'] as const,
  journal: (scope: ConnectionScope, page: number) => [...integrationQueryKeys.journals(), scope, page] as const,
};

export function connectionPath(id: string): string {
  return `/integrations/${encodeURIComponent(id)}`;
}
