import { VISITOR_ID_HEADER, type TrialUsage } from '@compliance/shared/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { getVisitorId } from '../utils/visitor-id.ts';
import { chatQueryKeys } from './query-keys.ts';

export function getTrialUsage(): Promise<TrialUsage> {
  return api.get('/chat/trial/usage', { headers: { [VISITOR_ID_HEADER]: getVisitorId() }, skipAuthRedirect: true });
}

export function getTrialUsageQueryOptions() {
  return queryOptions({ queryKey: chatQueryKeys.trialUsage(), queryFn: getTrialUsage });
}

export function useTrialUsage() {
  return useQuery(getTrialUsageQueryOptions());
}
