import { userInvitations, type AcceptInvitationBody, type UserInvitations } from '@chartroom/contracts/agreements';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** The signed-in user's pending invitations to agreements and their devices (GET /api/user/agreement-invitations). */
export function getMyInvitations(): Promise<UserInvitations> {
  return apiRequest('/api/user/agreement-invitations', { schema: userInvitations });
}

export function myInvitationsQueryOptions() {
  return queryOptions({ queryKey: agreementKeys.invitations(), queryFn: getMyInvitations });
}

export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions());
}

export type InvitationAnswer = { id: number } & ({ verb: 'accept'; body: AcceptInvitationBody } | { verb: 'decline' });

/** Accepts an invitation with the chosen devices, or declines it (POST …/agreement-invitations/{id}/accept|decline). */
export function answerInvitation(answer: InvitationAnswer): Promise<UserInvitations> {
  const url = `/api/user/agreement-invitations/${answer.id}/${answer.verb}`;
  return apiRequest(url, { method: 'POST', ...(answer.verb === 'accept' ? { body: answer.body } : {}), schema: userInvitations });
}

export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInvitation,
    onSuccess: (result) => queryClient.setQueryData(agreementKeys.invitations(), result),
  });
}
