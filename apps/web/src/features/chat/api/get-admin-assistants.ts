import type { AdminAssistant } from '@compliance/shared/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { chatQueryKeys } from './query-keys.ts';

export async function getAdminAssistants(): Promise<AdminAssistant[]> {
  const { assistants } = await api.get<{ assistants: AdminAssistant[] }>('/admin/assistants');
  return assistants;
}

export function getAdminAssistantsQueryOptions() {
  return queryOptions({ queryKey: chatQueryKeys.adminAssistants(), queryFn: getAdminAssistants });
}

/** Admin: the assistant definitions with their instructions. */
export function useAdminAssistants() {
  return useQuery(getAdminAssistantsQueryOptions());
}
