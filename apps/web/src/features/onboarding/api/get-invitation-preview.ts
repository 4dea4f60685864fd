import type { CompanyInvitationPreview } from '@compliance/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

export const getInvitationPreview = (token: string) =>
  api.get<CompanyInvitationPreview>(`/invitations/preview?token=${encodeURIComponent(token)}`);

export function getInvitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: onboardingQueryKeys.invitation(token),
    queryFn: () => getInvitationPreview(token),
    retry: false,
  });
}

/** The invitation behind a link: which company, for which address, until when. */
export function useInvitationPreview(token: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getInvitationPreviewQueryOptions(token), enabled, meta: { errorToast: false } });
}
