import { webhookEndpoint, type WebhookEndpoint } from '@chartroom/contracts/device-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { webhookKeys } from './webhook-endpoints';

export function registerWebhook(body: { url: string }): Promise<WebhookEndpoint> {
  return apiRequest('/api/distributor/webhooks', { method: 'POST', body, schema: webhookEndpoint });
}

export function useRegisterWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.webhookAdded'),
    mutationFn: registerWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
