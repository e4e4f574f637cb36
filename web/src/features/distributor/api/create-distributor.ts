import { distributorMe, type DistributorMe } from '@chartroom/contracts/providers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../auth/api/refresh-session';
import { apiRequest } from '../../../lib/api-client';
import { distributorKeys } from './get-distributor-me';

/** Distributor registration; the session is refreshed so the new role is present. */
export async function createDistributor(input: { title: string }): Promise<DistributorMe> {
  const distributor = await apiRequest('/api/distributors/create', { query: input, schema: distributorMe });
  await refreshSession();
  return distributor;
}

export function useCreateDistributor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDistributor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: distributorKeys.all }),
  });
}
