import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from '../../agreements/api/agreement-keys';
import { orderKeys } from './order-keys';

/** Cancels the order and refunds its charge (POST /api/agreement/cancel-order). */
export function cancelOrder(orderId: number): Promise<unknown> {
  return apiRequest('/api/agreement/cancel-order', { body: { orderId } });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // The ledger and the balances change with the order.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: agreementKeys.all }),
      ]),
  });
}
