import type { RegulatoryFunction } from '@compliance/shared/knowledge';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { knowledgeQueryKey } from './query-keys.ts';

/** The knowledge base's regulatory functions, in their order (admins). */
export function getFunctions(): Promise<RegulatoryFunction[]> {
  return api.get('/admin/knowledge/functions');
}

export function getFunctionsQueryOptions() {
  return queryOptions({ queryKey: [...knowledgeQueryKey, 'functions'], queryFn: getFunctions });
}

export function useFunctions() {
  return useQuery(getFunctionsQueryOptions());
}
