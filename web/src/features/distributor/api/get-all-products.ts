import { availableProduct, type AvailableProduct } from '@chartroom/contracts/distributors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { distributorLicensingKeys } from './distributor-licensing-keys';

export function getAllProducts(): Promise<AvailableProduct[]> {
  return apiRequest('/api/distributors/GetAllProducts', { schema: z.array(availableProduct) });
}

export function allProductsQueryOptions() {
  return queryOptions({ queryKey: distributorLicensingKeys.available(), queryFn: getAllProducts });
}

export function useAllProducts() {
  return useQuery(allProductsQueryOptions());
}
