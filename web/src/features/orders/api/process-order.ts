import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from '../../agreements/api/agreement-keys';
import { orderKeys } from './order-keys';

/** Issues the order's licences (GET /api/agreement/process-order?orderId). */
export function processOrder(orderId: number): Promise<unknown> {
  return apiRequest('/api/agreement/process-order', { query: { orderId } });
}

export function useProcessOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: processOrder,
    // The ledger and the balances change with the order.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: agreementKeys.all }),
      ]),
  });
}
