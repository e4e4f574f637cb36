import { agreement, type CreateAgreementBody } from '@chartroom/contracts/agreements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

export function createAgreement(body: CreateAgreementBody) {
  return apiRequest('/api/agreement/create', { body, schema: agreement });
}

export function useCreateAgreement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAgreement, onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementKeys.list() }) });
}
