import { customProductUser, type CustomProductUser } from '@chartroom/contracts/custom-products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { customProductKeys } from './custom-product-keys';

export function getCustomProductUsers(): Promise<CustomProductUser[]> {
  return apiRequest('/api/custom-products/users', { schema: z.array(customProductUser) });
}

export function customProductUsersQueryOptions() {
  return queryOptions({ queryKey: customProductKeys.users(), queryFn: getCustomProductUsers });
}

export function useCustomProductUsers() {
  return useQuery(customProductUsersQueryOptions());
}
