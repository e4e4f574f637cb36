import { webhookDelivery, type WebhookDelivery } from '@chartroom/contracts/device-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { webhookKeys } from './webhook-endpoints';

export function getWebhookDeliveries(): Promise<WebhookDelivery[]> {
  return apiRequest('/api/distributor/webhooks/deliveries', { schema: z.array(webhookDelivery) });
}

/** Refreshed every 10 s while shown: deliveries are retried in the background. */
export const webhookDeliveriesQuery = () =>
  queryOptions({ queryKey: webhookKeys.deliveries, queryFn: getWebhookDeliveries, refetchInterval: 10_000 });

export function useWebhookDeliveries() {
  return useQuery(webhookDeliveriesQuery());
}
