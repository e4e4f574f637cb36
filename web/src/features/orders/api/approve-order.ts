import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** The owner's approval of a new order by the agreement's supervisor (POST /api/agreement/approve-order). */
export function approveOrder(orderId: number): Promise<unknown> {
  return apiRequest('/api/agreement/approve-order', { body: { orderId } });
}

export function useApproveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveOrder,
    // Only the order's status moves; the charge stays as it was.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
