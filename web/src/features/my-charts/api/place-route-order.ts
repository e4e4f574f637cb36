import { order, type Order } from '@chartroom/contracts/orders';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RouteOrder } from './check-route';

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newOrderKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Places a checked route's ready-made agreement order through the order flow that exists
 * (`POST /api/app/v1/orders`). The key is the caller's, one per order: a retry sends the same key
 * and gets the first order back instead of a second charge.
 */
export function placeRouteOrder({ body, idempotencyKey }: { body: RouteOrder; idempotencyKey: string }): Promise<Order> {
  return apiRequest('/api/app/v1/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, schema: order });
}

export function usePlaceRouteOrder() {
  return useMutation({ mutationFn: placeRouteOrder });
}
