import { agreementUsers, type AgreementUser } from '@chartroom/contracts/agreements';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
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

/** E-mails by user id and device names by installation id, from the users of the given agreements. */
export type AgreementPeople = { emails: Map<number, string>; devices: Map<number, string> };

/**
 * The people of up to 10 agreements (a ledger's rows name them by id): what could not be read (an
 * agreement the reader only supervises) simply stays an id.
 */
export function useAgreementPeople(agreementIds: number[]): AgreementPeople {
  const ids = [...new Set(agreementIds)].slice(0, 10);
  const results = useQueries({ queries: ids.map((id) => ({ ...agreementUsersQueryOptions(id), retry: false })) });
  const emails = new Map<number, string>();
  const devices = new Map<number, string>();
  for (const result of results) {
    for (const user of result.data ?? []) {
      emails.set(user.userId, user.email);
      devices.set(user.installationId, user.shipName ? `${user.deviceId} (${user.shipName})` : user.deviceId);
    }
  }
  return { emails, devices };
}
