import { userProfile, type UserProfile } from '@chartroom/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const profileKeys = { all: ['profile'] as const };

export function getProfile(): Promise<UserProfile> {
  return apiRequest('/users/getprofile', { schema: userProfile });
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.all, queryFn: getProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
