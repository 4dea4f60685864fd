import type { Profile } from '@compliance/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { accountQueryKeys } from './query-keys.ts';

export const getProfile = () => api.get<Profile>('/account/profile');
export const getProfileQueryOptions = () => queryOptions({ queryKey: accountQueryKeys.profile(), queryFn: getProfile });
export const useProfile = () => useQuery(getProfileQueryOptions());
