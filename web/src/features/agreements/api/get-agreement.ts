import { agreement, type Agreement } from '@chartroom/contracts/agreements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** One agreement with its rates and limits (GET /api/agreement?id). */
export function getAgreement(id: number): Promise<Agreement> {
  return apiRequest('/api/agreement', { query: { id }, schema: agreement });
}

export function agreementQueryOptions(id: number) {
  return queryOptions({ queryKey: agreementKeys.detail(id), queryFn: () => getAgreement(id) });
}

export function useAgreement(id: number) {
  return useQuery(agreementQueryOptions(id));
}
