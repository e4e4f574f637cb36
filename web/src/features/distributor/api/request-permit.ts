import { distributorPermit } from '@chartroom/contracts/licensing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { distributorKeys } from './get-distributor-me';

/** `gcid` carries the product id (spec §7). */
export function requestPermit(productId: number) {
  return apiRequest('/api/distributors/RequestPermition', { query: { gcid: productId }, schema: distributorPermit });
}

export function useRequestPermit() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.permitRequested'),
    mutationFn: requestPermit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: distributorKeys.all }),
  });
}
