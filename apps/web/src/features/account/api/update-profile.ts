import type { Profile, UpdateProfileInput } from '@compliance/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { sessionQueryKey, setStoredUserNameFromProfile } from './session-sync.ts';

export const updateProfile = (input: UpdateProfileInput) => api.patch<Profile>('/account/profile', input);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(['account', 'profile'], profile);
      setStoredUserNameFromProfile(profile);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    meta: { errorToast: false },
  });
}
