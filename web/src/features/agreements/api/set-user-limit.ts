import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** `limit` null = no limit (spec §5). */
export function setUserLimit(body: { agreementId: number; userId: number; limit: string | null }): Promise<unknown> {
  return apiRequest('/api/agreement/set-user-limit', { body });
}

export function useSetUserLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserLimit,
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: agreementKeys.limits(input.agreementId) }),
  });
}
