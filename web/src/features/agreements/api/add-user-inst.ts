import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

export type AddUserInstInput = { agreementId: number; userId: number; installationId: number };

/** Attaches a user's installation to the agreement (POST /api/agreement/add-user-inst). */
export function addUserInst(body: AddUserInstInput): Promise<unknown> {
  return apiRequest('/api/agreement/add-user-inst', { body });
}

export function useAddUserInst() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserInst,
    onSuccess: (_result, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agreementKeys.users(input.agreementId) }),
        queryClient.invalidateQueries({ queryKey: agreementKeys.limits(input.agreementId) }),
      ]),
  });
}
