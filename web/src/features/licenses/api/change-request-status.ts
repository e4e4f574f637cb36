import { distributorPermit, type PermitDecision } from '@chartroom/contracts/licensing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { licensingKeys } from './licensing-keys';

export function changeRequestStatus(input: { reqid: number; status: PermitDecision }) {
  return apiRequest('/api/providers/ChangeDistribRequestStatus', { query: input, schema: distributorPermit });
}

export function useChangeRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.requestStatus'),
    mutationFn: changeRequestStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licensingKeys.all }),
  });
}
