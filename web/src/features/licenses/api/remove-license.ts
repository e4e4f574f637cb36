import { removeLicenseResult } from '@chartroom/contracts/licensing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { change } from '../../../lib/query-client';
import { licensingKeys } from './licensing-keys';

export function removeLicense(input: { prodid: number; userid: number }) {
  return apiRequest('/api/providers/removepermit', { query: input, schema: removeLicenseResult });
}

export function useRemoveLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: change('common:done.licenceRemoved'),
    mutationFn: removeLicense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licensingKeys.all }),
  });
}
