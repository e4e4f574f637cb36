import { product, type Product, type saveProductBody } from '@chartroom/contracts/licensing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { providerKeys } from '../../provider/api/get-provider-me';

export type SaveProductInput = z.input<typeof saveProductBody>;

export function saveProduct(body: SaveProductInput): Promise<Product> {
  return apiRequest('/api/providers/AddUpdateProduct', { method: 'POST', body, schema: product });
}

/** Create, update, disable or enable; the provider (with its products) is read again after. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.all }),
  });
}
