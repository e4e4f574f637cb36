import { customProduct, type CustomProduct } from '@chartroom/contracts/custom-products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { customProductKeys } from './custom-product-keys';

export function getUserProducts(userId: number): Promise<CustomProduct[]> {
  return apiRequest(`/api/custom-products/user-products/${userId}`, { schema: z.array(customProduct) });
}

export function userProductsQueryOptions(userId: number) {
  return queryOptions({ queryKey: customProductKeys.userProducts(userId), queryFn: () => getUserProducts(userId) });
}

export function useUserProducts(userId: number | null) {
  return useQuery({ ...userProductsQueryOptions(userId ?? 0), enabled: userId !== null });
}
