import { agreementLimits, type AgreementLimits } from '@chartroom/contracts/agreements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** The agreement limit and the per-user limits (GET /api/agreement/limits?agreementId). */
export function getLimits(agreementId: number): Promise<AgreementLimits> {
  return apiRequest('/api/agreement/limits', { query: { agreementId }, schema: agreementLimits });
}

export function limitsQueryOptions(agreementId: number) {
  return queryOptions({ queryKey: agreementKeys.limits(agreementId), queryFn: () => getLimits(agreementId) });
}

export function useLimits(agreementId: number) {
  return useQuery(limitsQueryOptions(agreementId));
}
