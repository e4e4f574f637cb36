import { allowedProductGroup, type AllowedProductGroup } from '@chartroom/contracts/distributors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { distributorLicensingKeys } from './distributor-licensing-keys';

export function getAllowedProducts(): Promise<AllowedProductGroup[]> {
  return apiRequest('/api/distributors/getallowedproducts', { schema: z.array(allowedProductGroup) });
}

export function allowedProductsQueryOptions() {
  return queryOptions({ queryKey: distributorLicensingKeys.allowed(), queryFn: getAllowedProducts });
}

export function useAllowedProducts() {
  return useQuery(allowedProductsQueryOptions());
}
