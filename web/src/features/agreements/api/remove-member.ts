import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** Takes the order-manager role of the caller's distributor away (DELETE /api/distributors/members/{userId}). */
export function removeMember(userId: number): Promise<unknown> {
  return apiRequest(`/api/distributors/members/${userId}`, { method: 'DELETE' });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementKeys.members() }) });
}
