import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { poiKeys } from './poi-keys';

export function deletePoi(id: number): Promise<unknown> {
  return apiRequest(`/api/poi/${id}`, { method: 'DELETE' });
}

export function useDeletePoi(gcid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.poiDeleted'),
    mutationFn: deletePoi,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poiKeys.items(gcid) }),
  });
}
