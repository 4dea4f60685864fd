import type { CompanyDto } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

export const revokeCompanyInvitation = (invitationId: string) =>
  api.delete<CompanyDto>(`/company/invitations/${encodeURIComponent(invitationId)}`);

/** Withdraws an open invitation: its link stops working and its seat is free again. */
export function useRevokeCompanyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCompanyInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingQueryKeys.all }),
  });
}
