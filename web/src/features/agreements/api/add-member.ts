import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** Makes a registered user an order manager of the caller's distributor (POST /api/distributors/members). */
export function addMember(email: string): Promise<unknown> {
  return apiRequest('/api/distributors/members', { body: { email } });
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementKeys.members() }) });
}
