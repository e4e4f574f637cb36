import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { customProductKeys } from './custom-product-keys';

export function deleteCustomProductItem(input: { productId: number; itemId: number }): Promise<unknown> {
  return apiRequest(`/api/custom-products/${input.productId}/items/${input.itemId}`, { method: 'DELETE' });
}

export function useDeleteCustomProductItem() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.customProductItemDeleted'),
    mutationFn: deleteCustomProductItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customProductKeys.all }),
  });
}
