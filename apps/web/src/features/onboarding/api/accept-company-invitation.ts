import type { AcceptCompanyInvitationInput, CompanyDto } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

export const acceptCompanyInvitation = (input: AcceptCompanyInvitationInput) =>
  api.post<CompanyDto>('/invitations/accept', input);

/** The invited account joins the company (and works under its plan from now on). */
export function useAcceptCompanyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptCompanyInvitation,
    onSuccess: () => {
      // The onboarding state changes; the accepted invitation's preview is left as it is (asked
      // again, the server now answers that the link is used up, while the page moves on).
      void queryClient.invalidateQueries({ queryKey: onboardingQueryKeys.state() });
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
    meta: { errorToast: false },
  });
}
