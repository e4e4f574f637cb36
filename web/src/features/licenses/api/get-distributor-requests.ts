import { distributorPermit, type DistributorPermit } from '@chartroom/contracts/licensing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { licensingKeys } from './licensing-keys';

export function getDistributorRequests(gcid: number): Promise<DistributorPermit[]> {
  return apiRequest('/api/providers/DistribRequests', { query: { gcid }, schema: z.array(distributorPermit) });
}

export function distributorRequestsQueryOptions(gcid: number) {
  return queryOptions({ queryKey: licensingKeys.requests(gcid), queryFn: () => getDistributorRequests(gcid) });
}

export function useDistributorRequests(gcid: number) {
  return useQuery(distributorRequestsQueryOptions(gcid));
}
