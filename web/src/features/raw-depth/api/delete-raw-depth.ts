import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { rawDepthKeys } from './get-raw-depths';

export function deleteRawDepth(id: number): Promise<unknown> {
  return apiRequest(`/api/rawdepth/${id}`, { method: 'DELETE' });
}

export function useDeleteRawDepth() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.rawDeleted'),
    mutationFn: deleteRawDepth,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rawDepthKeys.all }),
  });
}
