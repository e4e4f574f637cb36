import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** `limit` null = no limit (spec §5). */
export function setAgreementLimit(body: { agreementId: number; limit: string | null }): Promise<unknown> {
  return apiRequest('/api/agreement/set-agreement-limit', { body });
}

export function useSetAgreementLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAgreementLimit,
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: agreementKeys.limits(input.agreementId) }),
  });
}
