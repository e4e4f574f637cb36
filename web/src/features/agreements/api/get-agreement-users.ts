import { agreementUsers, type AgreementUser } from '@chartroom/contracts/agreements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** The users attached to an agreement with their installations (GET …/agreement-users?agreementId). */
export function getAgreementUsers(agreementId: number): Promise<AgreementUser[]> {
  return apiRequest('/api/agreement/agreement-users', { query: { agreementId }, schema: agreementUsers });
}

export function agreementUsersQueryOptions(agreementId: number) {
  return queryOptions({ queryKey: agreementKeys.users(agreementId), queryFn: () => getAgreementUsers(agreementId) });
}

export function useAgreementUsers(agreementId: number) {
  return useQuery(agreementUsersQueryOptions(agreementId));
}
