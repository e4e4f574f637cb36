import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customProductKeys } from './custom-product-keys';

export function deleteCustomProduct(productId: number): Promise<unknown> {
  return apiRequest(`/api/custom-products/${productId}`, { method: 'DELETE' });
}

export function useDeleteCustomProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customProductKeys.all }),
  });
}
