import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { webhookKeys } from './webhook-endpoints';

export function removeWebhook(id: number): Promise<unknown> {
  return apiRequest(`/api/distributor/webhooks/${id}`, { method: 'DELETE' });
}

export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.webhookRemoved'),
    mutationFn: removeWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
