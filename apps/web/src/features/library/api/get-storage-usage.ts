import type { StorageUsage } from '@compliance/shared/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { documentsQueryKey } from './get-folder-contents.ts';

export function getStorageUsage(): Promise<StorageUsage> {
  return api.get('/documents/usage');
}

export function getStorageUsageQueryOptions() {
  return queryOptions({ queryKey: [...documentsQueryKey, 'usage'], queryFn: getStorageUsage });
}

export function useStorageUsage() {
  return useQuery(getStorageUsageQueryOptions());
}
