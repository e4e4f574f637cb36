import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { navMessageKeys } from './get-nav-messages';

export function deleteNavMessage(id: number): Promise<unknown> {
  return apiRequest(`/api/navmessages/${id}`, { method: 'DELETE' });
}

export function useDeleteNavMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.messageDeleted'),
    mutationFn: deleteNavMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: navMessageKeys.all }),
  });
}
