import type { CompanyDto, InviteCompanyMemberInput } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

export const inviteCompanyMember = (input: InviteCompanyMemberInput) =>
  api.post<CompanyDto>('/company/invitations', input);

/** The admin invites a colleague by e-mail; the invitation takes a seat until it is accepted or revoked. */
export function useInviteCompanyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteCompanyMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingQueryKeys.all }),
    meta: { errorToast: false },
  });
}
