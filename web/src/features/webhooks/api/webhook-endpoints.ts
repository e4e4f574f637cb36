import { webhookEndpoint, type WebhookEndpoint } from '@chartroom/contracts/device-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: ['webhooks', 'deliveries'] as const,
};

export function getWebhookEndpoints(): Promise<WebhookEndpoint[]> {
  return apiRequest('/api/distributor/webhooks', { schema: z.array(webhookEndpoint) });
}

export const webhookEndpointsQuery = () => queryOptions({ queryKey: webhookKeys.endpoints, queryFn: getWebhookEndpoints });

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQuery());
}
