import { geocontentSummary, type GeocontentSummary } from '@chartroom/contracts/providers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from '../../user/api/get-profile';
import { providerKeys } from '../../provider/api/get-provider-me';
import { geocontentKeys } from './get-geocontents';

/** `create2` without a provider title: adds a geocontent, which becomes the current one. */
export function createGeocontent(gcTitle: string): Promise<GeocontentSummary> {
  return apiRequest('/api/geocontent/create2', { query: { gcTitle }, schema: geocontentSummary });
}

export function useCreateGeocontent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGeocontent,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: geocontentKeys.all }),
        queryClient.invalidateQueries({ queryKey: providerKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]);
    },
  });
}
