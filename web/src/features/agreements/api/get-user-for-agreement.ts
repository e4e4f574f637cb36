import { userForAgreement } from '@chartroom/contracts/agreements';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Whether the e-mail has an account, how its invitation to the agreement stands, and the devices the
 * user put on the agreement (GET …/get-user-for-agreement?email, agreementId).
 */
export function getUserForAgreement(input: { email: string; agreementId: number }) {
  return apiRequest('/api/agreement/get-user-for-agreement', { query: input, schema: userForAgreement });
}

export function useGetUserForAgreement() {
  return useMutation({ mutationFn: getUserForAgreement });
}
