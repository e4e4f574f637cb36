import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { ntmKeys } from './get-ntms';

export function deleteNtm(id: number): Promise<unknown> {
  return apiRequest(`/api/ntm/${id}`, { method: 'DELETE' });
}

export function useDeleteNtm() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.ntmDeleted'),
    mutationFn: deleteNtm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ntmKeys.all }),
  });
}
