import type { CompanyDto } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

export const resendCompanyInvitation = (invitationId: string) =>
  api.post<CompanyDto>(`/company/invitations/${encodeURIComponent(invitationId)}/resend`);

/** Sends an open invitation again with a new link (the old link stops working) and a new expiry. */
export function useResendCompanyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendCompanyInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingQueryKeys.all }),
  });
}
