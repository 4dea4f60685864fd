import type { CompanyDto } from '@compliance/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingQueryKeys } from './query-keys.ts';

/** Null when admins removed themselves (another admin remaining): they have no company any more. */
export const removeCompanyMember = ({ userId, transferTo }: { userId: string; transferTo?: string }) =>
  api.delete<CompanyDto | null>(
    `/company/members/${encodeURIComponent(userId)}${transferTo ? `?transferTo=${encodeURIComponent(transferTo)}` : ''}`,
  );

/** Removes a member from the company; their data stays theirs, or their documents go to `transferTo`. */
export function useRemoveCompanyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCompanyMember,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: onboardingQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
      // Documents given to the caller appear in their library.
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
    },
  });
}
