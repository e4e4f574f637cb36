import { agreement, type UpdateAgreementBody } from '@chartroom/contracts/agreements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** Name, valid-till, type and rates (POST /api/agreement/update). */
export function updateAgreement(body: UpdateAgreementBody) {
  return apiRequest('/api/agreement/update', { body, schema: agreement });
}

export function useUpdateAgreement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAgreement, onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementKeys.all }) });
}
