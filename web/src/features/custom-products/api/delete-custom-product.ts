import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { customProductKeys } from './custom-product-keys';

export function deleteCustomProduct(productId: number): Promise<unknown> {
  return apiRequest(`/api/custom-products/${productId}`, { method: 'DELETE' });
}

export function useDeleteCustomProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.customProductDeleted'),
    mutationFn: deleteCustomProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customProductKeys.all }),
  });
}
