import { userForAgreement, type InviteUserBody, type UserForAgreement } from '@chartroom/contracts/agreements';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Invites a user by e-mail to the agreement; the user gets a mail and answers in the cabinet (POST /api/agreement/invite-user). */
export function inviteUser(body: InviteUserBody): Promise<UserForAgreement> {
  return apiRequest('/api/agreement/invite-user', { body, schema: userForAgreement });
}

export function useInviteUser() {
  return useMutation({ mutationFn: inviteUser });
}
