import type { Profile } from '@compliance/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const getProfile = () => api.get<Profile>('/account/profile');
export const getProfileQueryOptions = () => queryOptions({ queryKey: ['account', 'profile'], queryFn: getProfile });
export const useProfile = () => useQuery(getProfileQueryOptions());
