import { distributorMe, type DistributorMe } from '@chartroom/contracts/providers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const distributorKeys = {
  all: ['distributor'] as const,
  me: () => [...distributorKeys.all, 'me'] as const,
};

export function getDistributorMe(): Promise<DistributorMe> {
  return apiRequest('/api/distributors/me', { schema: distributorMe });
}

export function distributorMeQueryOptions() {
  return queryOptions({ queryKey: distributorKeys.me(), queryFn: getDistributorMe });
}

export function useDistributorMe() {
  return useQuery(distributorMeQueryOptions());
}
