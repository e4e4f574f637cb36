import { agreementList, type Agreement } from '@chartroom/contracts/agreements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** The agreements the caller may see (POST /api/agreement/query with an empty body). */
export async function queryAgreements(): Promise<Agreement[]> {
  const result = await apiRequest('/api/agreement/query', { body: {}, schema: agreementList });
  return result.agreements;
}

export function agreementsQueryOptions() {
  return queryOptions({ queryKey: agreementKeys.list(), queryFn: queryAgreements });
}

/** `isEnabled` false for callers without the agreements area (an order manager only). */
export function useAgreements(isEnabled = true) {
  return useQuery({ ...agreementsQueryOptions(), enabled: isEnabled });
}
