import { distributorQueryResult } from '@chartroom/contracts/distributors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** The distributors the caller runs, for the agreement form (POST /api/distributors/query {}). */
export async function queryDistributors(): Promise<{ id: number; title: string }[]> {
  const result = await apiRequest('/api/distributors/query', { body: {}, schema: distributorQueryResult });
  return result.map((distributor) => ({ id: distributor.id, title: distributor.title }));
}

export function distributorsQueryOptions() {
  return queryOptions({ queryKey: agreementKeys.distributors(), queryFn: queryDistributors });
}

export function useDistributors() {
  return useQuery(distributorsQueryOptions());
}
