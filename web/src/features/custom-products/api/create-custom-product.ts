import { customProduct, customProductUser, type CreateCustomProductBody } from '@chartroom/contracts/custom-products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { customProductKeys } from './custom-product-keys';

const created = z.object({ user: customProductUser, product: customProduct });

export function createCustomProduct(body: CreateCustomProductBody) {
  return apiRequest('/api/custom-products', { method: 'POST', body, schema: created });
}

export function useCreateCustomProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.customProductCreated'),
    mutationFn: createCustomProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customProductKeys.all }),
  });
}
